import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports point one way: shared (components, lib, config, theme, i18n) → features → app.
// Features talk to each other only through their public index. The patterns read the import as
// written (every import in src is relative), so each folder lists all that it may not import.
const layer = {
  viaIndex: {
    regex: '(^|/)features/[^/]+/',
    message: "Import a feature through its index ('features/<area>').",
  },
  otherFeatureInside: {
    regex: '^\\.\\./[^./][^/]*/',
    message: "Import another feature through its index ('../<area>').",
  },
  app: {
    regex: '^(\\.\\./)+app(/|$)',
    message: 'Only app/ imports app/ (shared → features → app). Typed hooks are in lib/hooks.',
  },
  features: {
    regex: '^(\\.\\./)+features(/|$)',
    message: 'Shared code (components, lib, config, theme, i18n) knows no feature.',
  },
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'node_modules'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      ...restrict(layer.viaIndex),
    },
  },
  {
    files: ['src/features/**'],
    rules: restrict(layer.viaIndex, layer.otherFeatureInside, layer.app),
  },
  {
    files: ['src/{components,lib,config,theme,i18n}/**'],
    rules: restrict(layer.viaIndex, layer.features, layer.app),
  },
);
