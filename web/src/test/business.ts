import { http } from 'msw';
import type { BusinessSettings } from '../features/settings';
import { answer, server } from './server';

/** The business's settings as `GET /v2/settings/business` answers them: a new business's,
 *  with `changed` over them. */
export function serveBusinessSettings(changed: Partial<BusinessSettings> = {}) {
  const settings: BusinessSettings = {
    time_zone: 'Europe/London',
    working_days: [1, 2, 3, 4, 5],
    working_hours: { start: '08:00', end: '18:00' },
    comfort_setpoint: 21,
    ...changed,
  };
  server.use(
    http.get('/v2/settings/business', () =>
      answer('Business settings.', { business_settings: settings }),
    ),
  );
}
