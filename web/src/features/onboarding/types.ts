/** The business's onboarding step (`me.onboarding`). */
export type OnboardingStep = 'plan' | 'consent' | 'address' | 'energy_usage' | 'done';

/** `GET /v2/consents`. */
export interface Consent {
  terms_version: string;
  mpan: string;
  ihd_mac: string | null;
  agreed_at: string;
  withdrawn_at: string | null;
  active: 0 | 1;
}

export interface MeterReading {
  start: string;
  kwh: number;
}

export type AddressPayload = {
  business_address_line1: string;
  business_address_line2: string;
  business_town: string;
  business_city: string;
  business_post_code: string;
};
