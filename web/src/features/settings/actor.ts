import type { TFunction } from 'i18next';

// What the server writes as `by` when HeatDesk changed something on its own (kernel/change.rs):
// "schedule 'Office hours'", with " (optimum start)" or " (eco: over budget)" when an automation
// shaped it, or "automation 'frost protection'".
const SCHEDULE = /^schedule '(.*)'(?: \((optimum start|eco: over budget)\))?$/;
const AUTOMATION = /^automation '(.*)'$/;

/** The automation keys (settings.automations.items) by the names the server writes. */
const AUTOMATIONS: Record<string, string> = {
  'optimum start': 'optimum_start',
  'eco: over budget': 'eco_over_budget',
  'frost protection': 'frost_protection',
  'open-window detection': 'open_window',
  'end-of-day off': 'end_of_day_off',
};

const automationName = (name: string, t: TFunction) => {
  const key = AUTOMATIONS[name];
  return key ? t(`settings.automations.items.${key}.name`) : name;
};

/** What changed a record on its own, in the reader's language; the server's words when they
 *  are not one of its known forms. */
export function actorText(by: string, t: TFunction) {
  const schedule = SCHEDULE.exec(by);
  if (schedule) {
    const [, name = '', shapedBy] = schedule;
    return shapedBy
      ? t('settings.history.byScheduleWith', { name, automation: automationName(shapedBy, t) })
      : t('settings.history.bySchedule', { name });
  }
  const automation = AUTOMATION.exec(by);
  if (automation)
    return t('settings.history.byAutomation', { name: automationName(automation[1] ?? '', t) });
  return by;
}
