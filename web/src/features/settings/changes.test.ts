import { initI18n } from '../../i18n';
import { formatDateTime, ltr } from '../../lib/format';
import { describeChange } from './changes';
import type { HistoryEntry } from './types';

const t = initI18n('en').getFixedT('en');

const entry = (changes: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  user_email: 'owner@acme.co.uk',
  by: null,
  action: 'update',
  record_type: 'radiator',
  record_id: 7,
  before: null,
  after: null,
  at: '2026-11-25T08:00:00Z',
  ...changes,
});

describe('what a change did', () => {
  it('tells each told field it changed, and not the readings that moved meanwhile', () => {
    const before = { name: 'Window', target_temperature: 21, status: 1, current_temperature: 19.2 };
    const after = { name: 'Window', target_temperature: 19, status: 0, current_temperature: 19.4 };
    expect(describeChange(entry({ before, after }), t, 'en')).toEqual([
      'Status: On → Off',
      `Target: ${ltr('21.0\u00a0°C')} → ${ltr('19.0\u00a0°C')}`,
    ]);
  });

  it('tells a room switched off by its status, not by a target of none', () => {
    const on = { name: 'Hall', status: 1, target_temperature: 20 };
    const off = { name: 'Hall', status: 0, target_temperature: null };
    const toggled = (before: Record<string, unknown>, after: Record<string, unknown>) =>
      describeChange(entry({ record_type: 'room', before, after }), t, 'en');
    expect(toggled(on, off)).toEqual(['Status: On → Off']);
    expect(toggled(off, on)).toEqual(['Status: Off → On']);
  });

  it('tells a room’s temperature, and the radiators whose bounds held them back', () => {
    const room = { name: 'Hall', radiator_count: 3 };
    const set = (clamped: object[]) =>
      entry({
        action: 'set_temperature',
        record_type: 'room',
        before: room,
        after: { temperature: 24, clamped, room },
      });
    expect(describeChange(set([]), t, 'en')).toEqual([`Temperature: ${ltr('24.0\u00a0°C')}`]);
    const held = [
      { radiator_id: 1, name: 'Door', target_temperature: 22 },
      { radiator_id: 2, name: 'Window', target_temperature: 20 },
    ];
    expect(describeChange(set(held), t, 'en')).toEqual([
      `Temperature: ${ltr('24.0\u00a0°C')}`,
      `Kept within their own bounds: \u2068Door (${ltr('22.0\u00a0°C')})\u2069 and \u2068Window (${ltr('20.0\u00a0°C')})\u2069`,
    ]);
  });

  it('tells a goal or a tariff by what was set, and a new record not field by field', () => {
    const budget = entry({ record_type: 'budget', after: { electricity_budget_pence: 120000 } });
    expect(describeChange(budget, t, 'en')).toEqual([`Budget: ${ltr('£1,200.00')}`]);
    const first = { ...budget, before: { electricity_budget_pence: null } };
    expect(describeChange(first, t, 'en')).toEqual([`Budget: Not set → ${ltr('£1,200.00')}`]);
    const tariff = entry({
      record_type: 'tariff',
      action: 'create',
      after: {
        rates: { unit_rate_pence: 24.5, standing_charge_pence: 53.35 },
        effective_from: '2026-12-01',
      },
    });
    const rates = '\u206824.5\u00a0p/kWh\u2069, \u206853.35\u00a0p/day\u2069';
    const told = [`Rates: ${rates}`, 'From: 1 Dec 2026'];
    expect(describeChange(tariff, t, 'en')).toEqual(told);
    const gone = { ...tariff, action: 'delete', before: tariff.after, after: null };
    expect(describeChange(gone, t, 'en')).toEqual(told);
    const room = entry({ record_type: 'room', action: 'create', after: { name: 'Kitchen' } });
    expect(describeChange(room, t, 'en')).toEqual([]);
    const deleted = entry({ action: 'delete', before: { name: 'Window' } });
    expect(describeChange(deleted, t, 'en')).toEqual([]);
  });

  it('reads working days, hours and a room left for none', () => {
    const before = {
      working_days: [1, 2, 3, 4, 5],
      working_hours: { start: '08:00', end: '18:00' },
      room_name: 'Kitchen',
    };
    const after = {
      working_days: [1, 2, 3, 4],
      working_hours: { start: '07:30', end: '18:00' },
      room_name: null,
    };
    expect(describeChange(entry({ before, after }), t, 'en')).toEqual([
      'Room: Kitchen → None',
      'Working days: Mon, Tue, Wed, Thu, Fri → Mon, Tue, Wed, Thu',
      `Working hours: ${ltr('08:00–18:00')} → ${ltr('07:30–18:00')}`,
    ]);
    // Each range isolated, so that Arabic reads it left to right: 08:00–18:00, not 18:00–08:00.
    const arabic = initI18n('ar').getFixedT('ar');
    expect(describeChange(entry({ before, after }), arabic, 'ar')).toContain(
      `ساعات العمل: ${ltr('08:00–18:00')} ← ${ltr('07:30–18:00')}`,
    );
  });

  it('tells what a schedule heats, when and to what: on creation, and what an edit changed', () => {
    const schedule = {
      name: 'Board room hours',
      schedule_for: 'room',
      target_ids: [3],
      targets: [{ id: 3, name: 'Board room' }],
      duration: 'weekdays',
      days: [1, 2, 3, 4, 5],
      slots: [{ start: '07:30', end: '17:30', setpoint: 21 }],
      setback: 16,
      start_date: '2026-11-29',
      end_date: null,
      status: 1,
      next_change: null,
    };
    const created = entry({ record_type: 'schedule', action: 'create', after: schedule });
    const slot = (end: string) => `${ltr(`07:30–${end}`)} ${ltr('21.0\u00a0°C')}`;
    expect(describeChange(created, t, 'en')).toEqual([
      'Targets: \u2068Board room\u2069',
      'Days: Mon, Tue, Wed, Thu, Fri',
      `Slots: ${slot('17:30')}`,
      `Setback: ${ltr('16.0\u00a0°C')}`,
      'Start date: 29 Nov 2026',
    ]);
    const edited = {
      ...schedule,
      days: [1, 2, 3, 4],
      slots: [{ start: '07:30', end: '16:00', setpoint: 21 }],
      targets: [...schedule.targets, { id: 4, name: 'Café' }],
      end_date: '2026-12-24',
    };
    const update = entry({ record_type: 'schedule', before: schedule, after: edited });
    expect(describeChange(update, t, 'en')).toEqual([
      'Targets: \u2068Board room\u2069 → \u2068Board room\u2069 and \u2068Café\u2069',
      'Days: Mon, Tue, Wed, Thu, Fri → Mon, Tue, Wed, Thu',
      `Slots: ${slot('17:30')} → ${slot('16:00')}`,
      'End date: None → 24 Dec 2026',
    ]);
  });

  it('tells an automation switched on, and points the arrow the reading way in Arabic', () => {
    const automation = entry({
      record_type: 'automation',
      before: { key: 'frost', name: 'Frost protection', enabled: 0 },
      after: { key: 'frost', name: 'Frost protection', enabled: 1 },
    });
    expect(describeChange(automation, t, 'en')).toEqual(['Status: Off → On']);
    const arabic = initI18n('ar').getFixedT('ar');
    expect(describeChange(automation, arabic, 'ar')).toEqual(['الحالة: إيقاف ← تشغيل']);
  });

  it('tells which plan a payment, trial or move was for, and a consent by its meter', () => {
    const paid = entry({
      record_type: 'subscription',
      action: 'paid',
      after: {
        plan: 'Business',
        status: 'active',
        period_end: '2026-12-26T11:25:14Z',
        card_last4: '1111',
      },
    });
    expect(describeChange(paid, t, 'en')).toEqual([
      'Plan: Business',
      'Status: Active',
      `Paid until: ${formatDateTime('2026-12-26T11:25:14Z', 'en')}`,
      'Card: ending 1111',
    ]);
    const kept = entry({
      record_type: 'subscription',
      after: { plan: 'Business', next_plan: null },
    });
    expect(describeChange(kept, t, 'en')).toEqual(['Plan: Business', 'Next plan: None']);
    // An upgrade or a cancel, told beside what the plan was: what changed.
    const upgraded = entry({
      record_type: 'subscription',
      action: 'paid',
      before: { plan: 'Business', status: 'active', card_last4: '1111' },
      after: { plan: 'Estate', status: 'active', card_last4: '1111' },
    });
    expect(describeChange(upgraded, t, 'en')).toEqual(['Plan: Business → Estate']);
    const cancelled = entry({
      record_type: 'subscription',
      action: 'cancel',
      before: { plan: 'Business', status: 'active', next_plan: 'Starter' },
      after: { plan: 'Business', status: 'cancelled', next_plan: null },
    });
    expect(describeChange(cancelled, t, 'en')).toEqual([
      'Next plan: Starter → None',
      'Status: Active → Cancelled',
    ]);
    const declined = entry({
      record_type: 'payment',
      action: 'declined',
      after: { plan: 'Starter', card_last4: '0002' },
    });
    expect(describeChange(declined, t, 'en')).toEqual(['Plan: Starter', 'Card: ending 0002']);
    const consent = entry({
      record_type: 'consent',
      action: 'create',
      after: { terms_version: '2026-01', mpan: '1200023305967' },
    });
    expect(describeChange(consent, t, 'en')).toEqual([`MPAN: ${ltr('1200023305967')}`]);
    // A new radiator's status is not told on its own.
    const radiator = entry({ action: 'create', after: { name: 'Window', status: 1 } });
    expect(describeChange(radiator, t, 'en')).toEqual([]);
  });
});
