export {
  defaultPreferences,
  FONT_SCALES,
  loadPreferences,
  preferencesSlice,
  savePreferences,
  setDarkMode,
  setFontScale,
  setLanguage,
  toggleContrast,
  type Language,
  type PreferencesState,
} from './slice';
export { PreferenceControls } from './PreferenceControls';
