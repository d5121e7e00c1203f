import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ChoiceButtons } from '../../components/ChoiceButtons';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditDeleteActions } from '../../components/PageHeader';
import { SearchListPage } from '../../components/SearchListPage';
import { paths, schedulePath } from '../../config/paths';
import {
  formatCelsius,
  formatDay,
  formatNames,
  formatWallTime,
  joinList,
  weekdayName,
} from '../../lib/format';
import { useAppDispatch, useAppSelector, useSearchLoad } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { schedulesApi } from './api';
import { CLOSED_DAYS_ID, ClosedDays } from './ClosedDays';
import { DAY_MINUTES, toMinutes } from '../../lib/clock';
import { slotRange } from './slots';
import { chooseSchedule, chooseScheduleFor, fetchSchedules, scheduleChanged } from './slice';
import type { Schedule } from './types';
import { SCHEDULE_KINDS } from './values';

export function SchedulesList() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run } = useAction();
  const { search, setSearch, load } = useSearchLoad(fetchSchedules);
  const { schedules, isLoading, error, scheduleFor } = useAppSelector((state) => state.schedule);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const shown = scheduleFor
    ? schedules.filter((schedule) => schedule.schedule_for === scheduleFor)
    : schedules;

  const toggle = (schedule: Schedule, on: boolean) =>
    run(() => schedulesApi.toggle(schedule.id, on), {
      onSuccess: ({ data }) => {
        dispatch(scheduleChanged(data.data.schedule));
        // Switching one on or off changes which others' slots it meets: they are read again.
        load();
      },
    });

  // Spec §7: fetch the schedule, then go to /schedules/update, which edits the chosen one.
  const edit = (schedule: Schedule) =>
    run(() => schedulesApi.get(schedule.id), {
      toast: () => null,
      onSuccess: ({ data }) => {
        dispatch(chooseSchedule(data.data.schedule));
        return navigate(paths.scheduleUpdate);
      },
    });

  const add = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      component={RouterLink}
      to={paths.scheduleNew}
    >
      {t('schedules.create')}
    </Button>
  );
  // The closed days sit below every schedule: a way down to them from the top.
  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button
        href={`#${CLOSED_DAYS_ID}`}
        // The focus follows the scroll, so that a screen reader reads on from there.
        onClick={() => document.getElementById(CLOSED_DAYS_ID)?.focus()}
      >
        {t('schedules.closed.title')}
      </Button>
      {add}
    </Stack>
  );
  return (
    <>
      <SearchListPage
        title={t('nav.schedules')}
        action={actions}
        intro={t('schedules.intro')}
        searchLabel={t('schedules.search')}
        onSearch={setSearch}
        filters={
          <ChoiceButtons
            label={t('schedules.filter')}
            value={scheduleFor ?? 'all'}
            choices={[
              ['all', t('schedules.all')],
              ...SCHEDULE_KINDS.map((kind) => [kind, t(`schedules.kindsPlural.${kind}`)] as const),
            ]}
            onChange={(value) => dispatch(chooseScheduleFor(value === 'all' ? null : value))}
          />
        }
        states={{
          count: schedules.length,
          load: { loading: isLoading, error, retry: load },
          search,
          empty: { title: t('schedules.emptyTitle'), text: t('schedules.emptyText'), action: add },
          skeleton: { rows: 3, height: 150 },
        }}
      >
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t('schedules.noneOfKind')}</Typography>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((schedule) => (
              <ScheduleRow
                key={schedule.id}
                schedule={schedule}
                onToggle={(on) => void toggle(schedule, on)}
                onEdit={() => void edit(schedule)}
                onDelete={() => setDeleting(schedule)}
              />
            ))}
          </Stack>
        )}
      </SearchListPage>
      {/* Closed days move the schedules' next changes: they are read again. */}
      <ClosedDays onChanged={load} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('schedules.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('schedules.deleteText')}
        confirm={t('schedules.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void run(() => schedulesApi.remove(deleting.id), {
            onSuccess: () => {
              setDeleting(null);
              load();
            },
          });
        }}
      />
    </>
  );
}

/** One schedule: what it heats, when, at what, what it does next, and its switch and actions. */
function ScheduleRow({
  schedule,
  onToggle,
  onEdit,
  onDelete,
}: {
  schedule: Schedule;
  onToggle: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const off = t('schedules.off');
  const setpoint = (value: number | null) => (value === null ? off : formatCelsius(value));
  const days =
    schedule.duration === 'custom'
      ? joinList(
          schedule.days.map((day) => weekdayName(day, i18n.language)),
          i18n.language,
        )
      : t(`schedules.durations.${schedule.duration}`);
  const next = schedule.next_change
    ? t('schedules.nextChange', {
        time: formatWallTime(schedule.next_change.at, i18n.language),
        setpoint: setpoint(schedule.next_change.setpoint),
      })
    : schedule.target_ids.length === 0
      ? t('schedules.nothingToChange')
      : t('schedules.noNextChange');
  const day = (date: string | null) => (date ? formatDay(date, i18n.language) : null);
  const [start, end] = [day(schedule.start_date), day(schedule.end_date)];
  const dates =
    start && end
      ? t('schedules.dates', { start, end })
      : start
        ? t('schedules.datesFrom', { start })
        : end
          ? t('schedules.datesUntil', { end })
          : null;
  const facts: [string, string][] = [
    [t('schedules.days'), dates ? `${days}\u00a0· ${dates}` : days],
    [
      t('schedules.slots'),
      joinList(
        schedule.slots.map((slot) => `${slotRange(slot)} ${formatCelsius(slot.setpoint)}`),
        i18n.language,
      ),
    ],
    [t('schedules.outside'), setpoint(schedule.setback)],
    [t('schedules.next'), next],
  ];

  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, opacity: schedule.status === 1 ? 1 : 0.75 }}
      data-testid={`schedule-${schedule.name}`}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h2">
            <Link component={RouterLink} to={schedulePath(schedule.id)} color="inherit">
              <bdi>{schedule.name}</bdi>
            </Link>
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" label={t(`schedules.kinds.${schedule.schedule_for}`)} />
            {schedule.runs_on_closed_days === 1 && (
              <Chip size="small" variant="outlined" label={t('schedules.runsOnClosedDays')} />
            )}
            <Typography variant="body2" color="text.secondary">
              {joinList(
                schedule.targets.map((target) => target.name),
                i18n.language,
              ) || t('schedules.noTargets')}
            </Typography>
          </Stack>
        </Box>
        <Switch
          checked={schedule.status === 1}
          onChange={(event) => onToggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('schedules.switch', { name: schedule.name }) } }}
        />
      </Stack>
      <DayStrip schedule={schedule} />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          gap: 1.5,
          my: 1.5,
          '& dd': { m: 0 },
        }}
      >
        {facts.map(([term, value]) => (
          <div key={term}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </div>
        ))}
      </Box>
      {schedule.overlaps.length > 0 && (
        // A status, not an alert: it is read with the list, not announced as it loads.
        <Alert role="status" severity="warning" variant="outlined" sx={{ mb: 1.5 }}>
          {t('schedules.overlaps', {
            names: formatNames(schedule.overlaps, i18n.language, (name) =>
              t('schedules.overlapName', { name }),
            ),
          })}
        </Alert>
      )}
      {schedule.outranked_by.length > 0 && (
        <Alert role="status" severity="info" variant="outlined" sx={{ mb: 1.5 }}>
          {t('schedules.outrankedBy', {
            count: schedule.outranked_by.length,
            names: formatNames(schedule.outranked_by, i18n.language, (name) =>
              t('schedules.overlapName', { name }),
            ),
          })}
        </Alert>
      )}
      <EditDeleteActions
        small
        edit={t('schedules.edit')}
        remove={t('schedules.delete')}
        labels={{
          edit: t('schedules.editLabel', { name: schedule.name }),
          remove: t('schedules.deleteLabel', { name: schedule.name }),
        }}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </Paper>
  );
}

/** The schedule's day at a glance (its slots on a 24-hour strip); the text above says it all. */
function DayStrip({ schedule }: { schedule: Schedule }) {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        height: 10,
        mt: 1.5,
        borderRadius: 5,
        bgcolor: schedule.setback === null ? 'action.hover' : 'action.selected',
        overflow: 'hidden',
      }}
    >
      {schedule.slots.map((slot) => {
        const start = toMinutes(slot.start) ?? 0;
        const end = toMinutes(slot.end) ?? DAY_MINUTES;
        return (
          <Box
            key={slot.start}
            style={{
              insetInlineStart: `${(start / DAY_MINUTES) * 100}%`,
              width: `${((end - start) / DAY_MINUTES) * 100}%`,
            }}
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              bgcolor: schedule.status === 1 ? 'primary.main' : 'text.disabled',
            }}
          />
        );
      })}
    </Box>
  );
}
