import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before a page with unsaved changes is left: a link, Cancel or Back inside the app opens
 * a dialog (Stay / Leave); closing or reloading the tab gets the browser's own question.
 * `saved()` lets the page leave after it has sent the changes. With `inQuery`, the page's tabs
 * are in its address (`?tab=`): choosing another tab leaves the form too.
 */
export function useUnsavedChanges(dirty: boolean, inQuery = false) {
  const { t } = useTranslation();
  const sent = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !sent.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (inQuery && currentLocation.search !== nextLocation.search)),
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!sent.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const saved = useCallback(() => {
    sent.current = true;
  }, []);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('common.unsaved.title')}
      text={t('common.unsaved.text')}
      confirm={t('common.unsaved.leave')}
      dismiss={t('common.unsaved.stay')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  return { saved, dialog };
}
