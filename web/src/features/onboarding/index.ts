export { onboardingSlice, setOnboarding } from './slice';
