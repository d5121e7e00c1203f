import { useLoad } from '../../lib/useLoad';
import { settingsApi } from './api';

const readBusiness = async () => (await settingsApi.business()).data.data.business_settings;

/** The business's settings (working day, comfort setpoint…) for a page that starts from them;
 *  null until read, or if they cannot be (the page keeps its own defaults). */
export function useBusinessSettings() {
  return useLoad(readBusiness, 'business settings').value;
}
