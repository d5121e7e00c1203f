import { useParams } from 'react-router';

/**
 * The record id in the route's parameter `name`, or null where it cannot be one (`/radiators/abc`):
 * such an address names nothing, and its page says so as it would of an id nobody has, without
 * asking the server (which would call the address itself wrong).
 */
export function useRouteId(name: string): number | null {
  const id = Number(useParams()[name]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
