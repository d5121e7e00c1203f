import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The settings area of spec §3; its calls and screens arrive with the issue that builds them.
export interface SettingsState {
  history: unknown[];
  automations: unknown[];
  settingTab: number;
  isLoading: boolean;
}

const initialState: SettingsState = {
  history: [],
  automations: [],
  settingTab: 0,
  isLoading: false,
};

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
