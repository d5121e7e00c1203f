import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../components/ListStates';
import { schedulePath } from '../../config/paths';
import { formatCelsius, formatDay, formatWallTime, joinList } from '../../lib/format';
import { describeError } from '../../lib/http';
import { useLoad } from '../../lib/useLoad';
import { radiatorsApi } from '../radiators';
import { schedulesApi } from './api';
import type { ClosedDays, InForce } from './types';

/**
 * The schedules in force on each radiator, loaded again when the first of them next changes and
 * when `revision` does (the page's radiators were set by hand: a manual hold may have begun).
 * What was loaded stays on screen until the new answer replaces it; `failed` is what shows
 * instead while nothing has been (the reason, and a retry).
 */
function useInForce(revision: string) {
  const [entries, setEntries] = useState<InForce[] | null>(null);
  const [closed, setClosed] = useState<ClosedDays | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    schedulesApi.inForce().then(
      ({ data }) => {
        if (!current) return;
        const found = data.data.in_force;
        setEntries(found);
        setClosed(data.data.closed_today);
        setError(null);
        // A few seconds after the first change, once the engine has made it; at least hourly,
        // so that a closed day's banner goes with its day though no schedule holds a radiator.
        const next = Math.min(...found.map((entry) => Date.parse(entry.until)));
        const wait = Number.isFinite(next) ? Math.max(next - Date.now() + 5000, 5000) : Infinity;
        timer = setTimeout(() => setVersion((value) => value + 1), Math.min(wait, 3_600_000));
      },
      (failure: unknown) => {
        console.error('schedules in force failed to load', failure);
        if (current) setError(describeError(failure).description);
      },
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [version, revision]);
  const retry = useCallback(() => setVersion((value) => value + 1), []);
  return {
    entries,
    closed,
    failed: error && <InForceFailed message={error} onRetry={retry} />,
  };
}

/** The panel that says which schedules heat a radiator, a room or a zone now, and why they
 *  run as outside their slots on a closed day. */
function InForcePanel({
  closed = null,
  children,
}: {
  closed?: ClosedDays | null;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('schedules.inForce.title')}
      data-testid="schedule-in-force"
      sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <EventRepeatIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1 }}>
        {closed && (
          <Typography sx={{ fontWeight: 500 }}>
            {t('schedules.inForce.closed', {
              name: closed.name,
              last: formatDay(closed.last_date, i18n.language, { weekday: true }),
            })}
          </Typography>
        )}
        {children}
      </Box>
    </Paper>
  );
}

/** The panel when what is in force could not be read: the reason and a retry. */
function InForceFailed(props: { message: string; onRetry: () => void }) {
  return (
    <InForcePanel>
      <LoadError {...props} />
    </InForcePanel>
  );
}

/**
 * "Schedule: Office hours · 21.0 °C until 18:00" (or "heating early to 21.0 °C for 07:30" while
 * optimum start warms the room for the next slot), the name linking to the schedule. A setpoint
 * the radiators' limits keep them from says what the schedule asks for.
 */
function ScheduleLine({
  entry,
  closed = false,
  count = 1,
  of,
}: {
  entry: InForce;
  /** The business is closed today: each closed day is a period of its own, so the line says
   *  what the radiators do while it is closed rather than until midnight. */
  closed?: boolean;
  /** How many of the page's radiators it holds, of `of` (a room's or zone's). */
  count?: number;
  of?: number;
}) {
  const { t, i18n } = useTranslation();
  const until = formatWallTime(entry.until, i18n.language);
  const setpoint = entry.setpoint === null ? t('schedules.off') : formatCelsius(entry.setpoint);
  const now =
    entry.preheating === 1
      ? 'schedules.inForce.early'
      : closed
        ? 'schedules.inForce.whileClosed'
        : 'schedules.inForce.until';
  const extras = [
    of !== undefined && count < of && t('schedules.inForce.some', { count, total: of }),
    entry.asked !== null &&
      t('schedules.inForce.kept', { count, asked: formatCelsius(entry.asked) }),
  ].filter(Boolean);
  const extra = extras.join('; ');
  return (
    <Typography>
      {t('schedules.inForce.schedule')}{' '}
      <Link component={RouterLink} to={schedulePath(entry.schedule_id)}>
        {entry.schedule_name}
      </Link>
      &nbsp;· {t(now, { setpoint, time: until })}
      {extra && (
        <Typography component="span" color="text.secondary">
          {' '}
          ({extra})
        </Typography>
      )}
    </Typography>
  );
}

/** What a page shows of its radiators' targets and switches, in `revision`. */
interface Revised {
  revision?: string;
}

/** The `revision` of radiators, rooms or a zone's rooms as a page shows them: their targets,
 *  switches and (for a radiator) room and limits, each of which may change what holds them. */
export function revisionOf(
  shown: {
    id: number;
    target_temperature: number | null;
    status: number;
    room_id?: number | null;
    min_temperature?: number;
    max_temperature?: number;
  }[],
) {
  return shown
    .map((item) =>
      [
        item.id,
        item.target_temperature,
        item.status,
        item.room_id,
        item.min_temperature,
        item.max_temperature,
      ].join(':'),
    )
    .join(',');
}

/** On a radiator's page: its schedule now, or the manual change that holds until the next one. */
export function RadiatorScheduleInForce({
  radiatorId,
  revision = '',
}: { radiatorId: number } & Revised) {
  const { t, i18n } = useTranslation();
  const { entries, closed, failed } = useInForce(revision);
  if (!entries) return failed;
  const entry = entries.find((found) => found.radiator_id === radiatorId);
  return (
    <InForcePanel closed={closed}>
      {!entry ? (
        <Typography color="text.secondary">{t('schedules.inForce.none')}</Typography>
      ) : entry.manual === 1 ? (
        <>
          <Typography>
            {t('schedules.inForce.manual', {
              time: formatWallTime(entry.until, i18n.language),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {!entry.then
              ? t('schedules.inForce.thenNone')
              : entry.then.setpoint === null
                ? t('schedules.inForce.thenOff', { name: entry.then.schedule_name })
                : t('schedules.inForce.then', {
                    name: entry.then.schedule_name,
                    setpoint: formatCelsius(entry.then.setpoint),
                  })}
          </Typography>
        </>
      ) : (
        <ScheduleLine entry={entry} closed={closed !== null} />
      )}
    </InForcePanel>
  );
}

/** On a room's page: the schedules in force on its radiators, and the manual changes holding. */
export function SchedulesInForce({
  radiators,
  revision = '',
}: { radiators: { id: number; name: string }[] } & Revised) {
  const { t, i18n } = useTranslation();
  const { entries, closed, failed } = useInForce(revision);
  if (!entries) return failed;
  const names = new Map(radiators.map((radiator) => [radiator.id, radiator.name]));
  const mine = entries.filter((entry) => names.has(entry.radiator_id));
  const scheduled = new Map<string, InForce[]>();
  const manual = new Map<string, InForce[]>();
  for (const entry of mine) {
    const groups = entry.manual === 1 ? manual : scheduled;
    const key =
      entry.manual === 1
        ? entry.until
        : [entry.schedule_id, entry.setpoint, entry.asked, entry.until, entry.preheating].join('/');
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return (
    <InForcePanel closed={closed}>
      {mine.length === 0 && (
        <Typography color="text.secondary">{t('schedules.inForce.none')}</Typography>
      )}
      {[...scheduled].map(([key, group]) => {
        const [first] = group;
        if (!first) return null;
        return (
          <ScheduleLine
            key={key}
            entry={first}
            closed={closed !== null}
            count={group.length}
            of={radiators.length}
          />
        );
      })}
      {[...manual.values()].map((group) => {
        const [first] = group;
        if (!first) return null;
        return (
          <Typography key={`manual-${first.until}`}>
            {t('schedules.inForce.manual', { time: formatWallTime(first.until, i18n.language) })}:{' '}
            {joinList(
              group.map((entry) => names.get(entry.radiator_id) ?? ''),
              i18n.language,
            )}
          </Typography>
        );
      })}
    </InForcePanel>
  );
}

const readRadiators = async () => (await radiatorsApi.list()).data.data.radiators;

/** On a zone's page: the schedules in force on the radiators of its rooms. */
export function ZoneSchedulesInForce({ roomIds, revision }: { roomIds: number[] } & Revised) {
  const { value: radiators, error, retry } = useLoad(readRadiators, 'radiators');
  if (!radiators) return error && <InForceFailed message={error} onRetry={retry} />;
  const rooms = new Set(roomIds);
  return (
    <SchedulesInForce
      radiators={radiators.filter(
        (radiator) => radiator.room_id !== null && rooms.has(radiator.room_id),
      )}
      revision={revision}
    />
  );
}
