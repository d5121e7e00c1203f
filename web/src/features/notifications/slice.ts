import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { notificationsApi } from './api';
import type { Notification, NotificationsData } from './types';

export interface NotificationsState {
  isLoading: boolean;
  error: string | null;
  notifications: Notification[];
  unread: number;
  /** 1 or 0; null until loaded. */
  enabled: number | null;
}

const initialState: NotificationsState = {
  isLoading: false,
  error: null,
  notifications: [],
  unread: 0,
  enabled: null,
};

export const fetchNotifications = apiThunk(
  'notifications/fetch',
  async (): Promise<NotificationsData> => (await notificationsApi.list()).data.data,
  logLoadFailure('notifications'),
);

function keep(state: NotificationsState, data: NotificationsData) {
  state.notifications = data.notifications;
  state.unread = data.unread;
  state.enabled = data.enabled;
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** What a change answered: the list, the counts and the switch as they are now. */
    notificationsChanged: (state, action: PayloadAction<NotificationsData>) => {
      keep(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchNotifications, keep);
  },
});

export const { notificationsChanged } = notificationsSlice.actions;
