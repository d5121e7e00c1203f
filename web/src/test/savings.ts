import type { Co2Saving } from '../features/analytics';
import { ltr } from '../lib/format';

/** A CO2 saving's method as the server sends it (the thermal baseline, the DESNZ factor). */
export const thermalMethod: Pick<Co2Saving, 'method' | 'method_parts'> = {
  method: 'Baseline: the same rooms held at 21.0 °C from 08:00 to 18:00 on working days.',
  method_parts: {
    baseline: 'thermal',
    comfort_setpoint: 21,
    working_start: '08:00',
    working_end: '18:00',
    learning_days: 21,
    base_temperature: 15.5,
    carbon: 'desnz',
  },
};

/** The same method as the web app words it in English. */
export const thermalMethodText = `Baseline: the same rooms held at the comfort setpoint through the working hours in force each day (now ${ltr('21.0 °C')}, ${ltr('08:00')} to ${ltr('18:00')}), off outside them, with no schedules or automations, in the same modelled weather. Both count the radiators in rooms now: radiators in no room, and those deleted, are not counted. CO2 at the DESNZ reporting factor of 0.20705 kg per kWh.`;
