import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { notificationsApi } from './api';
import { fetchNotifications, notificationsChanged } from './slice';
import { notificationText } from './text';

/** How often the signed-in app asks for new notifications. */
export const POLL_MS = 30_000;

/**
 * Loads the notifications now and every 30 s while the page is visible, and toasts each unread
 * one that arrives after the first load (those already there are not news).
 */
export function useNotificationPolling() {
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const { notifications, enabled } = useAppSelector((state) => state.notifications);
  const seen = useRef<Set<number> | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    const poll = () => {
      if (document.visibilityState !== 'hidden') void dispatch(fetchNotifications());
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch]);

  useEffect(() => {
    if (enabled === null) return;
    const known = seen.current;
    seen.current = new Set([...(known ?? []), ...notifications.map(({ id }) => id)]);
    if (!known || enabled !== 1) return;
    // Oldest first, so that the newest is toasted last.
    for (const notification of [...notifications].reverse()) {
      if (notification.read === 0 && !known.has(notification.id)) {
        const { title, body } = notificationText(notification, t);
        enqueueSnackbar(`${title}: ${body}`, { variant: 'info' });
      }
    }
  }, [notifications, enabled, enqueueSnackbar, t]);
}

/** Marking read and switching notifications on or off; the store takes what the server answers. */
export function useNotificationActions() {
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const keep = (answer: Awaited<ReturnType<typeof notificationsApi.list>>) =>
    dispatch(notificationsChanged(answer.data.data));
  return {
    busy,
    markRead: (id: number) =>
      run(() => notificationsApi.read(id), { toast: () => null, onSuccess: keep }),
    markAllRead: () => run(() => notificationsApi.read('all'), { onSuccess: keep }),
    setEnabled: (on: boolean) => run(() => notificationsApi.switch(on), { onSuccess: keep }),
  };
}
