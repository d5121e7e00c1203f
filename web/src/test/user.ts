import type { User } from '../features/auth';

/** A signed-in business owner as `me` answers one, with `changes`. */
export function testUser<T extends object>(changes: T): User & T {
  return {
    id: 1,
    email: 'owner@acme.co.uk',
    first_name: 'Acme',
    last_name: 'Acme Trading',
    mobile: '07700 900123',
    address_line1: '1 High Street',
    address_line2: '',
    town: 'Leeds',
    city: 'Leeds',
    post_code: 'LS1 1AA',
    is_business: 1,
    level: 5001,
    business_id: 1,
    business_name: 'Acme',
    is_same_address: 1,
    business_address_line1: '1 High Street',
    business_address_line2: '',
    business_town: 'Leeds',
    business_city: 'Leeds',
    business_post_code: 'LS1 1AA',
    created_at: '2026-01-01T00:00:00Z',
    ...changes,
  };
}

/** The store's `auth` area with `user` signed in. */
export function signedInAs(user: User) {
  return {
    auth: {
      user,
      isLoading: false,
      success: null,
      error: null,
      isAuthenticated: true,
      contactUs: null,
    },
  };
}
