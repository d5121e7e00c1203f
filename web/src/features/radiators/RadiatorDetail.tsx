import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Figure, FigurePanel } from '../../components/Figure';
import { BackLink } from '../../components/BackLink';
import { ChoiceButtons } from '../../components/ChoiceButtons';
import { EditDeleteActions } from '../../components/PageHeader';
import { HeatingChip } from '../../components/HeatingChip';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { paths, roomPath } from '../../config/paths';
import { formatCelsius, ltr } from '../../lib/format';
import { describeError, type ApiErrorBody } from '../../lib/http';
import { useAction } from '../../lib/useAction';
import { radiatorsApi } from './api';
import { RadiatorDialog, type RoomChoice } from './RadiatorDialog';
import { ReadingsChart } from './ReadingsChart';
import { chooseRadiator, withLive } from './slice';
import type { Radiator, Reading } from './types';
import { useRouteId } from '../../lib/routeId';
import { useLiveReload } from './useLiveReload';

/** How long the − and + buttons wait for another click before the target is sent, ms. */
const TARGET_PAUSE_MS = 500;
/** The readings' spans, in hours back. */
const SPANS = { day: 24, week: 168 } as const;
type Span = keyof typeof SPANS;

/**
 * A radiator's page; `aside` adds what other features say about it (its schedule now), `rooms`
 * are those it can be moved to.
 */
export function RadiatorDetail({
  aside,
  rooms,
}: {
  aside?: (radiator: Radiator) => ReactNode;
  rooms?: RoomChoice[];
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run } = useAction();
  const id = useRouteId('curadiator');
  const loaded = useAppSelector((state) => state.radiators.radiatorToUpdate);
  const live = useAppSelector((state) => state.radiators.live);
  const [span, setSpan] = useState<Span>('day');
  // With the span they were read for: the chart says what it shows until the next arrives.
  const [readings, setReadings] = useState<{ span: Span; list: Reading[] }>({
    span,
    list: [],
  });
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // Bumped to load again after a change or a retry.
  const [version, setVersion] = useState(0);
  const load = () => setVersion((current) => current + 1);
  useLiveReload(load);

  // − and + move a draft target at once, sent when the clicks pause: quick clicks add up to
  // one change instead of racing each other from the same starting value. Leaving the page
  // (or moving to another radiator) sends a draft still waiting.
  const [draft, setDraft] = useState<number | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const waiting = useRef<(() => void) | null>(null);
  // The radiator on the page: an answer about one left behind changes nothing here.
  const shown = useRef<number | null>(id);
  // One target request at a time, in the order sent, so an older one cannot land last.
  const sending = useRef<Promise<void>>(Promise.resolve());
  const lower = useRef<HTMLButtonElement>(null);
  const raise = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    shown.current = id;
    return () => {
      shown.current = null;
      clearTimeout(pause.current);
      waiting.current?.();
      setDraft(null);
    };
  }, [id]);

  useEffect(() => {
    if (id === null) return;
    let current = true;
    Promise.all([radiatorsApi.get(id), radiatorsApi.readings(id, SPANS[span])]).then(
      ([radiator, history]) => {
        if (!current) return;
        dispatch(chooseRadiator(radiator.data.data.radiator));
        setReadings({ span, list: history.data.data.readings });
        setError(null);
      },
      (failure: unknown) => {
        console.error('radiator failed to load', failure);
        if (current) setError(describeError(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [dispatch, id, version, span]);

  useEffect(
    () => () => {
      dispatch(chooseRadiator(null));
    },
    [dispatch],
  );

  if (id === null || error)
    return (
      <LoadError
        message={error?.description ?? t('radiators.missing')}
        onRetry={load}
        missing={error === null || error.code === 404}
        back={{ to: paths.radiators, name: t('nav.radiators') }}
      />
    );
  if (!loaded || loaded.id !== id) return <ListSkeleton rows={3} height={120} />;
  const radiator = withLive(loaded, live);
  const target = draft ?? radiator.target_temperature;
  const setTarget = (value: number) => {
    setDraft(value);
    const radiatorId = radiator.id;
    const settle = () => {
      if (shown.current === radiatorId) setDraft((current) => (current === value ? null : current));
    };
    const send = () => {
      waiting.current = null;
      sending.current = sending.current.then(() =>
        run(() => radiatorsApi.setTemperature(radiatorId, value), {
          onSuccess: (answer) => {
            if (shown.current !== radiatorId) return;
            dispatch(chooseRadiator(answer.data.data.radiator));
            settle();
            load();
          },
          onError: settle,
        }),
      );
    };
    waiting.current = send;
    clearTimeout(pause.current);
    pause.current = setTimeout(send, TARGET_PAUSE_MS);
  };

  return (
    <Stack spacing={2}>
      <BackLink to={paths.radiators}>{t('nav.radiators')}</BackLink>
      <Typography variant="h1">
        <bdi>{radiator.name}</bdi>
      </Typography>
      <Typography color="text.secondary">
        <bdi>{radiator.uid}</bdi>&nbsp;·{' '}
        {radiator.room_id ? (
          <Link component={RouterLink} to={roomPath(radiator.room_name ?? '')}>
            <bdi>{radiator.room_name}</bdi>
          </Link>
        ) : (
          t('radiators.noRoom')
        )}
      </Typography>
      <FigurePanel>
        <Figure
          label={t('radiators.current')}
          value={formatCelsius(radiator.current_temperature)}
          testId="current-temperature"
        >
          <HeatingChip
            heating={radiator.heating}
            online={radiator.online}
            on={radiator.status}
            reported={radiator.last_seen !== null}
          />
        </Figure>
        <Box>
          <Typography variant="body2" color="text.secondary" id="target-label">
            {t('radiators.target')} (
            {ltr(
              `${formatCelsius(radiator.min_temperature)} – ${formatCelsius(radiator.max_temperature)}`,
            )}
            )
          </Typography>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            role="group"
            aria-labelledby="target-label"
          >
            {/* A step that reaches a limit disables its button: the focus moves to the other. */}
            <IconButton
              ref={lower}
              aria-label={t('radiators.lower')}
              disabled={target - 0.5 < radiator.min_temperature}
              onClick={() => {
                setTarget(target - 0.5);
                if (target - 1 < radiator.min_temperature) raise.current?.focus();
              }}
            >
              <RemoveIcon />
            </IconButton>
            <Typography
              variant="h2"
              component="p"
              data-testid="target-temperature"
              aria-live="polite"
            >
              {formatCelsius(target)}
            </Typography>
            <IconButton
              ref={raise}
              aria-label={t('radiators.raise')}
              disabled={target + 0.5 > radiator.max_temperature}
              onClick={() => {
                setTarget(target + 0.5);
                if (target + 1 > radiator.max_temperature) lower.current?.focus();
              }}
            >
              <AddIcon />
            </IconButton>
          </Box>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={radiator.status === 1}
              onChange={(event) =>
                void run(
                  () => radiatorsApi.toggle(radiator.room_id, radiator.id, event.target.checked),
                  { onSuccess: load },
                )
              }
            />
          }
          // One name whatever its state, which the switch itself tells.
          label={t('radiators.power')}
        />
      </FigurePanel>
      {aside?.(radiator)}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h2" gutterBottom>
            {t(readings.span === 'week' ? 'radiators.lastWeek' : 'radiators.lastDay')}
          </Typography>
          <ChoiceButtons
            label={t('radiators.readingsSpan')}
            value={span}
            choices={[
              ['day', t('radiators.lastDay')],
              ['week', t('radiators.lastWeek')],
            ]}
            onChange={setSpan}
          />
        </Stack>
        <ReadingsChart readings={readings.list} week={readings.span === 'week'} />
      </Paper>
      <EditDeleteActions
        edit={t('radiators.edit')}
        remove={t('radiators.delete')}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
      />
      {editing && (
        <RadiatorDialog
          open
          title={t('radiators.edit')}
          submit={t('profile.save')}
          withUid={false}
          initial={radiator}
          rooms={rooms}
          onClose={() => setEditing(false)}
          save={(payload) =>
            radiatorsApi.update(radiator.id, { room_id: radiator.room_id, ...payload })
          }
          onSaved={load}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={t('radiators.deleteTitle', { name: radiator.name })}
        text={t('radiators.deleteText')}
        confirm={t('radiators.delete')}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          void run(() => radiatorsApi.remove(radiator.id), {
            onSuccess: () => navigate(paths.radiators),
          })
        }
      />
    </Stack>
  );
}
