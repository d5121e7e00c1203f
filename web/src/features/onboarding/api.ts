import { authClient, type Envelope } from '../../lib/http';
import type { AddressPayload, Consent, MeterReading, OnboardingStep } from './types';

/** The terms a consent agrees to, as the server expects them. */
export const TERMS_VERSION = '2026-11';

type ConsentAnswer = Envelope<{ consent: Consent | null }>;

export const onboardingApi = {
  consent: () => authClient.get<ConsentAnswer>('/v2/consents'),
  giveConsent: (mpan: string) =>
    authClient.post<ConsentAnswer>('/v2/consents', {
      terms_version: TERMS_VERSION,
      agreed: 1,
      mpan,
    }),
  setIhdMac: (ihdMac: string) =>
    authClient.post<ConsentAnswer>('/v2/consents/ihd_mac', { ihd_mac: ihdMac }),
  withdraw: () => authClient.post<ConsentAnswer>('/v2/consents/withdraw', {}),
  readings: (days = 7) =>
    authClient.get<Envelope<{ readings: MeterReading[] }>>(`/v2/meter/readings?days=${days}`),
  confirmAddress: (address: AddressPayload) =>
    authClient.post<Envelope<{ onboarding: OnboardingStep }>>('/v2/users/address/confirm', address),
  complete: () =>
    authClient.post<Envelope<{ onboarding: OnboardingStep }>>('/v2/users/onboarding/complete', {}),
};
