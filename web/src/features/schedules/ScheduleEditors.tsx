import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { paths, schedulePath } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ScheduleForm } from './ScheduleForm';
import { fetchSchedule, fetchScheduleDurations } from './slice';
import { useRouteId } from '../../lib/routeId';

/** Loads the day sets a schedule can repeat on (kept from the last visit meanwhile). */
function useDurations() {
  const dispatch = useAppDispatch();
  const reload = useCallback(() => void dispatch(fetchScheduleDurations()), [dispatch]);
  useEffect(reload, [reload]);
  return reload;
}

/** `/schedules/new`: a new schedule of the kind the list shows (rooms when it shows all). */
export function NewSchedule() {
  const retry = useDurations();
  const { scheduleDurations, scheduleFor, error } = useAppSelector((state) => state.schedule);
  if (scheduleDurations.length === 0)
    return error ? <LoadError message={error} onRetry={retry} /> : <ListSkeleton rows={3} />;
  return <ScheduleForm schedule={null} kind={scheduleFor ?? 'room'} />;
}

/** `/schedules/{id}`: loads that schedule and edits it. */
export function EditSchedule() {
  const dispatch = useAppDispatch();
  const id = useRouteId('cuschedule');
  const retryDurations = useDurations();
  const { t } = useTranslation();
  const { schedule, scheduleDurations, error, missing } = useAppSelector((state) => state.schedule);
  const load = useCallback(() => {
    if (id !== null) void dispatch(fetchSchedule(id));
  }, [dispatch, id]);
  useEffect(load, [load]);
  if (id === null || error)
    return (
      <LoadError
        message={error ?? t('schedules.missing')}
        missing={id === null || missing}
        back={{ to: paths.schedules, name: t('nav.schedules') }}
        onRetry={() => {
          load();
          retryDurations();
        }}
      />
    );
  if (!schedule || schedule.id !== id || scheduleDurations.length === 0)
    return <ListSkeleton rows={3} />;
  // Read again after a refused save, it opens afresh with the changes that refused it.
  return (
    <ScheduleForm key={`${schedule.id}:${schedule.revision}`} schedule={schedule} reload={load} />
  );
}

/**
 * `/schedules/update`: the schedule chosen in the list, edited at its own address, which a
 * reload or a bookmark keeps; without one, back to the list.
 */
export function UpdateSchedule() {
  const { schedule } = useAppSelector((state) => state.schedule);
  return <Navigate to={schedule ? schedulePath(schedule.id) : paths.schedules} replace />;
}
