import { sessionEnded } from '../../lib/session';
import {
  chooseSchedule,
  chooseScheduleFor,
  fetchSchedule,
  fetchSchedules,
  scheduleChanged,
  scheduleSlice,
} from './slice';
import { officeHours } from '../../test/schedules';

const reduce = scheduleSlice.reducer;

describe('the schedule area', () => {
  it('loads the list with its loading flag and keeps a failure’s reason', () => {
    let state = reduce(undefined, fetchSchedules.pending('', ''));
    expect(state.isLoading).toBe(true);
    state = reduce(state, fetchSchedules.fulfilled([officeHours], '', ''));
    expect(state).toMatchObject({ isLoading: false, schedules: [officeHours], error: null });
    state = reduce(
      state,
      fetchSchedules.rejected(null, '', '', {
        code: 500,
        description: 'Something went wrong.',
        errors: {},
      }),
    );
    expect(state).toMatchObject({ isLoading: false, error: 'Something went wrong.' });
    expect(state.schedules).toEqual([officeHours]);
  });

  it('holds the chosen schedule, and forgets it when loading one fails', () => {
    let state = reduce(undefined, fetchSchedule.fulfilled(officeHours, '', 1));
    expect(state.schedule).toEqual(officeHours);
    state = reduce(
      state,
      fetchSchedule.rejected(null, '', 9, { code: 404, description: 'Gone.', errors: {} }),
    );
    expect(state.schedule).toBeNull();
    state = reduce(state, chooseSchedule(officeHours));
    expect(state.schedule).toEqual(officeHours);
  });

  it('replaces a changed schedule in the list and as the chosen one', () => {
    const off = { ...officeHours, status: 0, next_change: null };
    let state = reduce(undefined, fetchSchedules.fulfilled([officeHours], '', ''));
    state = reduce(state, chooseSchedule(officeHours));
    state = reduce(state, scheduleChanged(off));
    expect(state.schedules).toEqual([off]);
    expect(state.schedule).toEqual(off);
  });

  it('resets when the session ends, the list emptied too', () => {
    let state = reduce(undefined, fetchSchedules.fulfilled([officeHours], '', ''));
    state = reduce(state, chooseScheduleFor('room'));
    state = reduce(state, chooseSchedule(officeHours));
    expect(state.scheduleFor).toBe('room');
    expect(reduce(state, sessionEnded())).toEqual(reduce(undefined, { type: 'init' }));
  });
});
