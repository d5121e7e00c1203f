export { onboardingApi, TERMS_VERSION } from './api';
export { onboardingSlice, type OnboardingState } from './slice';
export {
  consentChanged,
  consentPayloadChanged,
  consentSlice,
  fetchConsent,
  type ConsentState,
} from './consentSlice';
export { onboardingRedirect } from './steps';
export { useNextStep } from './useNextStep';
export type { Consent, MeterReading, OnboardingStep } from './types';
export { ConsentSetup } from './ConsentSetup';
export { ConfirmAddress } from './ConfirmAddress';
export { EnergyUsageSetup } from './EnergyUsageSetup';
export { WithdrawConsent } from './WithdrawConsent';
