import {
  edgeBounds,
  firstFreeSlot,
  firstSlotWithError,
  freeGap,
  slotErrors,
  slotSetpoint,
  snap,
  type EditedSlot,
} from './slots';

const slot = (start: string, end: string, setpoint = '21'): EditedSlot => ({
  start,
  end,
  setpoint,
});

describe('time slots', () => {
  it('snaps to 15 minutes', () => {
    expect(snap(487)).toBe(480);
    expect(snap(488)).toBe(495);
    expect(snap(-20)).toBe(0);
    expect(snap(1500)).toBe(1440);
  });

  it('finds the free time around a minute, between the other slots', () => {
    const slots = [slot('07:00', '09:00'), slot('12:00', '14:00')];
    expect(freeGap(slots, 600)).toEqual({ low: 540, high: 720 });
    expect(freeGap(slots, 480)).toBeNull();
    expect(freeGap(slots, 100)).toEqual({ low: 0, high: 420 });
    expect(freeGap(slots, 900)).toEqual({ low: 840, high: 1440 });
    // A slot's own time is free for itself (when its edge moves).
    expect(freeGap(slots, 480, 0)).toEqual({ low: 0, high: 720 });
  });

  it('keeps an edge between its neighbours and a slot at least 15 minutes long', () => {
    const slots = [slot('07:00', '09:00'), slot('12:00', '14:00'), slot('18:00', '24:00')];
    expect(edgeBounds(slots, 1)).toEqual({
      start: { min: 540, max: 825 },
      end: { min: 735, max: 1080 },
    });
    expect(edgeBounds(slots, 2).end).toEqual({ min: 1095, max: 1440 });
    expect(edgeBounds(slots, 0).start).toEqual({ min: 0, max: 525 });
  });

  it('adds the working day when free, else after a slot, else in the first free time', () => {
    expect(firstFreeSlot([])).toEqual({ start: 480, end: 1080 });
    expect(firstFreeSlot([], { start: 450, end: 1140 })).toEqual({ start: 450, end: 1140 });
    // As much of the working day as is free from its start.
    expect(firstFreeSlot([slot('12:00', '13:00')])).toEqual({ start: 480, end: 720 });
    expect(firstFreeSlot([slot('08:00', '13:00')])).toEqual({ start: 780, end: 840 });
    expect(firstFreeSlot([slot('06:00', '20:00')])).toEqual({ start: 1200, end: 1260 });
    expect(firstFreeSlot([slot('06:00', '24:00')])).toEqual({ start: 0, end: 60 });
    expect(firstFreeSlot([slot('00:00', '24:00')])).toBeNull();
  });

  it('checks each slot as the server does, overlaps included', () => {
    expect(slotErrors([])).toEqual({ slots: 'schedules.errors.noSlots' });
    expect(
      slotErrors([
        slot('07:00', '12:00'),
        slot('11:00', '13:00'),
        slot('15:00', '14:00'),
        slot('', '16:00', '40'),
        slot('18:00', '24:00', '20.5'),
      ]),
    ).toEqual({
      'slots.1.start': 'schedules.errors.overlap',
      'slots.2.end': 'schedules.errors.endAfterStart',
      'slots.3.start': 'schedules.errors.time',
      'slots.3.setpoint': 'validation.temperature',
    });
    expect(slotErrors([slot('07:00', '09:00', '21.3')])).toEqual({
      'slots.0.setpoint': 'validation.temperature',
    });
    // Touching slots do not overlap, in whatever order they are listed.
    expect(slotErrors([slot('12:00', '18:00'), slot('07:00', '12:00')])).toEqual({});
  });

  it('names the first slot an error is about', () => {
    expect(firstSlotWithError({ name: 'x', 'slots.3.end': 'y', 'slots.1.setpoint': ['z'] })).toBe(
      1,
    );
    expect(firstSlotWithError({ name: 'x', slots: 'y' })).toBeNull();
  });
});

describe('a slot’s setpoint as shown', () => {
  it('is a dash while its field is empty or not a number, never 0.0 °C', () => {
    expect(slotSetpoint({ setpoint: '20.5' })).toBe('\u206620.5\u00a0°C\u2069');
    expect(slotSetpoint({ setpoint: ' ' })).toBe('–');
    expect(slotSetpoint({ setpoint: '2e' })).toBe('–');
  });
});
