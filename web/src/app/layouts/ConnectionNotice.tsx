import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveConnection, type LiveConnection } from '../../lib/live';

/** How long the stream may be lost before it is said: a restart's second goes unmentioned. */
const GRACE_MS = 2000;

/**
 * Below the top bar, wherever the page is scrolled, while the live stream cannot reach the
 * server: the live figures on the page have stopped and may be out of date.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const connection = useLiveConnection();
  // The lost connection that has lasted past the grace; a new one (lost again) waits anew.
  const [lasted, setLasted] = useState<LiveConnection | null>(null);
  useEffect(() => {
    if (connection.state !== 'lost') return;
    const timer = setTimeout(() => setLasted(connection), GRACE_MS);
    return () => clearTimeout(timer);
  }, [connection]);
  const shown = connection.state === 'lost' && lasted === connection;
  if (!shown) return null;
  return (
    <Alert
      severity="warning"
      data-testid="connection-lost"
      sx={{
        mb: 2,
        position: 'sticky',
        // Right under the top bar (56 px high on phones, 64 px from 600 px wide).
        top: { xs: 56, sm: 64 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        displayPrint: 'none',
      }}
    >
      {t('live.lost')}
    </Alert>
  );
}
