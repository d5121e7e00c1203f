import { authClient, type Envelope } from '../../lib/http';
import type { Dashboard } from './types';

export const dashboardApi = {
  get: () => authClient.get<Envelope<{ dashboard: Dashboard }>>('/v2/dashboard/commercial/web'),
};
