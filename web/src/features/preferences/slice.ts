import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { PREFERENCES_KEY } from '../../config/constants';

export type Language = 'en' | 'ar';

export interface PreferencesState {
  /** null: follow the system's colour scheme. */
  isDarkMode: boolean | null;
  isContrastMode: boolean;
  fontScale: number;
  direction: 'ltr' | 'rtl';
  language: Language;
}

export const defaultPreferences: PreferencesState = {
  isDarkMode: null,
  isContrastMode: false,
  fontScale: 1,
  direction: 'ltr',
  language: 'en',
};

export const FONT_SCALES = [0.875, 1, 1.125, 1.25] as const;

const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** The saved preferences, or the defaults for anything missing or unreadable. */
export function loadPreferences(): PreferencesState {
  try {
    const saved = JSON.parse(
      localStorage.getItem(PREFERENCES_KEY) ?? '{}',
    ) as Partial<PreferencesState>;
    return { ...defaultPreferences, ...saved };
  } catch {
    return defaultPreferences;
  }
}

export function savePreferences(preferences: PreferencesState): void {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: defaultPreferences,
  reducers: {
    setDarkMode: (state, action: PayloadAction<boolean | null>) => {
      state.isDarkMode = action.payload;
    },
    toggleContrast: (state) => {
      state.isContrastMode = !state.isContrastMode;
    },
    setFontScale: (state, action: PayloadAction<number>) => {
      state.fontScale = action.payload;
    },
    setLanguage: (state, action: PayloadAction<Language>) => {
      state.language = action.payload;
      state.direction = RTL_LANGUAGES.includes(action.payload) ? 'rtl' : 'ltr';
    },
  },
});

export const { setDarkMode, toggleContrast, setFontScale, setLanguage } = preferencesSlice.actions;
