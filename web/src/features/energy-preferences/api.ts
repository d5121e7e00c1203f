import { authClient, type Envelope } from '../../lib/http';
import type { CarbonMethod, Charges, TariffPayload } from './types';

/** A change answered with the envelope's description (or, as told, a `message`). */
type Done = Envelope<object> & { message?: string };

export const energyPreferencesApi = {
  charges: () => authClient.get<Envelope<{ charges: Charges }>>('/v2/commercial/charges'),
  addTariff: (payload: TariffPayload) =>
    authClient.post<Envelope<{ charges: Charges }>>('/v2/commercial/charges', payload),
  deleteTariff: (id: number) =>
    authClient.delete<Envelope<{ charges: Charges }>>(`/v2/commercial/charges/${id}`),
  /** The monthly budget in pounds, e.g. "1250.5". */
  setBudget: (pounds: string) =>
    authClient.patch<Done>(`/v2/users/budget/electricity/${encodeURIComponent(pounds)}`),
  removeBudget: () => authClient.delete<Done>('/v2/users/budget/electricity'),
  /** The monthly CO2 savings goal in kg. */
  setCarbonGoal: (kg: string) =>
    authClient.patch<Done>(`/v2/users/goal/carbon-footprint/${encodeURIComponent(kg)}`),
  removeCarbonGoal: () => authClient.delete<Done>('/v2/users/goal/carbon-footprint'),
  setCarbonMethod: (method: CarbonMethod) =>
    authClient.patch<Done>(`/v2/users/goal/carbon-method/${method}`),
};
