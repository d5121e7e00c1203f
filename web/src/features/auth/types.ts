/** The profile's text fields, as the server shows them and takes them. */
export interface ProfileText {
  last_name: string;
  mobile: string;
  address_line1: string;
  address_line2: string;
  town: string;
  city: string;
  post_code: string;
  business_name: string;
  business_address_line1: string;
  business_address_line2: string;
  business_town: string;
  business_city: string;
  business_post_code: string;
}

/** The user as the server shows it (`data.user`, `data.me`). */
export interface User extends ProfileText {
  id: number;
  email: string;
  first_name: string;
  is_business: number;
  level: number;
  business_id: number;
  is_same_address: number;
  created_at: string;
  /** The business's onboarding step (absent in a session stored before onboarding existed). */
  onboarding?: 'plan' | 'consent' | 'address' | 'energy_usage' | 'done';
  /** 1 once the link mailed to the email has been opened (absent in a session stored before). */
  email_confirmed?: number;
}

export interface SignedInUser extends User {
  access_token: string;
  expires_at: string;
}

/** Profile fields, as registration and profile updates send them. */
export interface ProfilePayload extends ProfileText {
  first_name: string;
  is_same_address: 0 | 1;
}

export interface RegistrationPayload extends ProfilePayload {
  email: string;
  password: string;
  is_business: 1;
}

export interface Credentials {
  email: string;
  password: string;
}
