import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

/** WCAG AA for body text. */
const AA = 4.5;

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const theme = createAppTheme(mode, 'ltr', 1, 'en');
  const { palette } = theme;
  const page = palette.background.default;

  it('writes text on the page and on paper at AA contrast', () => {
    for (const ground of [page, palette.background.paper]) {
      expect(getContrastRatio(palette.text.primary, ground)).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio(palette.text.secondary, ground)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('writes a filled chip’s or button’s text on its colour at AA contrast', () => {
    for (const colour of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      const { main, contrastText } = palette[colour];
      expect(getContrastRatio(contrastText, main), colour).toBeGreaterThanOrEqual(AA);
    }
  });

  it('writes an error, a warning, a note or a success in its colour at AA contrast', () => {
    for (const colour of ['error', 'warning', 'info', 'success'] as const)
      for (const ground of [page, palette.background.paper])
        expect(getContrastRatio(palette[colour].main, ground), colour).toBeGreaterThanOrEqual(AA);
  });

  it('writes an unselected choice at AA contrast on the page', () => {
    const root = theme.components?.MuiToggleButton?.styleOverrides?.root as { color: string };
    expect(getContrastRatio(root.color, page)).toBeGreaterThanOrEqual(AA);
  });
});
