import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { settingsApi, type HistoryPage } from './api';
import type { Automation, HistoryEntry, HistoryQuery, SettingTab } from './types';

/** Spec §3's `settings` area. */
export interface SettingsState {
  isLoading: boolean;
  history: HistoryEntry[];
  /** Where the shown page of the history is, and how many entries there are in all. */
  historyPage: { page: number; per_page: number; total: number };
  automations: Automation[];
  settingTab: SettingTab;
  /** Why the last load failed; shown inline with a retry. */
  error: string | null;
}

const initialState: SettingsState = {
  isLoading: false,
  history: [],
  historyPage: { page: 1, per_page: 25, total: 0 },
  automations: [],
  settingTab: 'history',
  error: null,
};

export const fetchHistory = apiThunk(
  'settings/fetchHistory',
  async (query: HistoryQuery): Promise<HistoryPage> => (await settingsApi.history(query)).data.data,
  logLoadFailure('action history'),
);

export const fetchAutomations = apiThunk(
  'settings/fetchAutomations',
  async (): Promise<Automation[]> => (await settingsApi.automations()).data.data.automations,
  logLoadFailure('automations'),
);

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    setSettingTab: (state, action: PayloadAction<SettingTab>) => {
      state.settingTab = action.payload;
    },
    /** The automations as saving one answered them. */
    automationsChanged: (state, action: PayloadAction<Automation[]>) => {
      state.automations = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchHistory, (state, { history, page, per_page, total }) => {
      state.history = history;
      state.historyPage = { page, per_page, total };
    });
    addLoad(builder, fetchAutomations, (state, automations) => {
      state.automations = automations;
    });
  },
});

export const { automationsChanged, setSettingTab } = settingsSlice.actions;
