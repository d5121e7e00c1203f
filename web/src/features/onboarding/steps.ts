import { paths } from '../../config/paths';
import type { OnboardingStep } from './types';

/** Each unfinished step's pages: the first is where the step starts. */
const STEP_PAGES: Record<Exclude<OnboardingStep, 'done'>, string[]> = {
  plan: [paths.subscriptionPlan, paths.planPayment],
  consent: [paths.consentSetup],
  address: [paths.confirmAddress],
  energy_usage: [paths.energyUsageSetup],
};

/**
 * Where a business at `step` must be when it opens `pathname`: null where it may stay (its
 * step's pages, or anywhere once onboarding is done; a user from before onboarding has none).
 */
export function onboardingRedirect(
  step: OnboardingStep | undefined,
  pathname: string,
): string | null {
  if (!step || step === 'done') return null;
  const pages = STEP_PAGES[step];
  return pages.includes(pathname) ? null : (pages[0] ?? null);
}

/** The MPAN core's check digit weights. */
const MPAN_PRIMES = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43];

/** The text key of what is wrong with an MPAN, as the server checks it. */
export function mpanError(raw: string): string | undefined {
  const digits = raw.replace(/\s/g, '');
  if (!digits) return 'validation.required';
  if (!/^\d{13}$/.test(digits)) return 'onboarding.consent.mpanDigits';
  const sum = MPAN_PRIMES.reduce((total, prime, i) => total + prime * Number(digits[i]), 0);
  return (sum % 11) % 10 === Number(digits[12]) ? undefined : 'onboarding.consent.mpanCheck';
}

/** The text key of what is wrong with a display's MAC; an empty one is left for later. */
export function macError(raw: string): string | undefined {
  const hex = raw.trim().replace(/[-:]/g, '');
  if (!hex) return undefined;
  return /^[0-9a-fA-F]{16}$/.test(hex) ? undefined : 'onboarding.consent.macInvalid';
}
