import { sessionEnded } from '../../lib/session';
import {
  chooseSchedule,
  chooseScheduleFor,
  fetchSchedule,
  fetchSchedules,
  scheduleChanged,
  scheduleSlice,
} from './slice';
import type { Schedule } from './types';

const office: Schedule = {
  id: 1,
  name: 'Office hours',
  schedule_for: 'zone',
  target_ids: [2],
  targets: [{ id: 2, name: 'First floor' }],
  duration: 'weekdays',
  days: [1, 2, 3, 4, 5],
  slots: [{ start: '07:30', end: '18:00', setpoint: 21 }],
  setback: 16,
  start_date: null,
  end_date: null,
  status: 1,
  next_change: { at: '2026-11-23T18:00:00+00:00', setpoint: 16 },
  overlaps: [],
};

const reduce = scheduleSlice.reducer;

describe('the schedule area', () => {
  it('loads the list with its loading flag and keeps a failure’s reason', () => {
    let state = reduce(undefined, fetchSchedules.pending('', ''));
    expect(state.isLoading).toBe(true);
    state = reduce(state, fetchSchedules.fulfilled([office], '', ''));
    expect(state).toMatchObject({ isLoading: false, schedules: [office], error: null });
    state = reduce(
      state,
      fetchSchedules.rejected(null, '', '', {
        code: 500,
        description: 'Something went wrong.',
        errors: {},
      }),
    );
    expect(state).toMatchObject({ isLoading: false, error: 'Something went wrong.' });
    expect(state.schedules).toEqual([office]);
  });

  it('holds the chosen schedule, and forgets it when loading one fails', () => {
    let state = reduce(undefined, fetchSchedule.fulfilled(office, '', 1));
    expect(state.schedule).toEqual(office);
    state = reduce(
      state,
      fetchSchedule.rejected(null, '', 9, { code: 404, description: 'Gone.', errors: {} }),
    );
    expect(state.schedule).toBeNull();
    state = reduce(state, chooseSchedule(office));
    expect(state.schedule).toEqual(office);
  });

  it('replaces a changed schedule in the list and as the chosen one', () => {
    const off = { ...office, status: 0, next_change: null };
    let state = reduce(undefined, fetchSchedules.fulfilled([office], '', ''));
    state = reduce(state, chooseSchedule(office));
    state = reduce(state, scheduleChanged(off));
    expect(state.schedules).toEqual([off]);
    expect(state.schedule).toEqual(off);
  });

  it('resets when the session ends, the list emptied too', () => {
    let state = reduce(undefined, fetchSchedules.fulfilled([office], '', ''));
    state = reduce(state, chooseScheduleFor('room'));
    state = reduce(state, chooseSchedule(office));
    expect(state.scheduleFor).toBe('room');
    expect(reduce(state, sessionEnded())).toEqual(reduce(undefined, { type: 'init' }));
  });
});
