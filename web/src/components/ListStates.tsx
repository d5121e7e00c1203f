import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOnReconnect } from '../lib/live';
import { BackLink } from './BackLink';

/**
 * A load that failed: the reason and a retry, inline (spec §8: no toast), tried again by itself
 * when the live stream reconnects (the server or the network is back). What does not exist
 * (`missing`, a 404) has nothing to retry: the reason and the way `back` to its list (`name`),
 * which a page that could not be read shows above its retry too.
 */
export function LoadError({
  message,
  onRetry,
  missing,
  back,
}: {
  message: string;
  onRetry: () => void;
  missing?: boolean;
  back?: { to: string; name: string };
}) {
  const { t } = useTranslation();
  useOnReconnect(missing ? null : onRetry);
  if (missing && back)
    return (
      <Alert
        severity="warning"
        action={
          <Button
            component={RouterLink}
            to={back.to}
            color="inherit"
            size="small"
            // On a phone the sentence beside it wraps, not the button's few words.
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('list.backTo', { name: back.name })}
          </Button>
        }
      >
        {message}
      </Alert>
    );
  const failed = (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      }
    >
      {t('list.loadFailed')} {message}
    </Alert>
  );
  if (!back) return failed;
  return (
    <Stack spacing={2}>
      <BackLink to={back.to}>{back.name}</BackLink>
      {failed}
    </Stack>
  );
}

/** An empty list that says what to do next. */
function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {text}
      </Typography>
      {action}
    </Paper>
  );
}

/** Placeholders while a list loads. */
export function ListSkeleton({ rows = 4, height = 72 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

export interface ListStatesProps {
  /** How many items the list has. */
  count: number;
  /** The load that fills it, when the list loads on its own. */
  load?: { loading: boolean; error: string | null; retry: () => void };
  search?: string;
  empty: { title: string; text: string; action?: ReactNode };
  skeleton?: { rows?: number; height?: number };
  children: ReactNode;
}

/**
 * A list in its states: a failed load inline with a retry, placeholders while the first load
 * runs, an empty list that says what to do (or that nothing matches the search), else `children`.
 */
export function ListStates({
  count,
  load,
  search = '',
  empty,
  skeleton,
  children,
}: ListStatesProps) {
  const { t } = useTranslation();
  if (load?.error) return <LoadError message={load.error} onRetry={load.retry} />;
  if (load?.loading && count === 0) return <ListSkeleton {...skeleton} />;
  if (count === 0 && search)
    return <EmptyState title={t('list.noMatch')} text={t('list.noMatchText')} />;
  if (count === 0) return <EmptyState {...empty} />;
  return children;
}
