import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/Brand';
import { paths } from '../../config/paths';
import { EmailConfirmReminder, LogoutButton } from '../../features/auth';
import { PreferenceControls } from '../../features/preferences';
import { useAppSelector } from '../../lib/hooks';
import { MainLayout } from './MainLayout';
import { LayoutPage, TopBar } from './TopBar';

/** The onboarding's steps in order, each with the pages that make it up. */
const STEPS = [
  { key: 'plan', pages: [paths.subscriptionPlan, paths.planPayment] },
  { key: 'consent', pages: [paths.consentSetup] },
  { key: 'address', pages: [paths.confirmAddress] },
  { key: 'usage', pages: [paths.energyUsageSetup] },
] as const;

/** Where the business is in its onboarding, and how many steps are left. */
function OnboardingSteps() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = STEPS.findIndex((step) => (step.pages as readonly string[]).includes(pathname));
  if (active < 0) return null;
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      aria-label={t('onboarding.steps.label')}
      sx={{ mb: 4 }}
    >
      {STEPS.map((step, index) => (
        <Step key={step.key} aria-current={index === active ? 'step' : undefined}>
          <StepLabel>{t(`onboarding.steps.${step.key}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/**
 * The signed-in steps before the dashboard: plan, payment, consent, address. A business past
 * them that comes back to change its plan or give consent again has the whole app's menu.
 */
export function OnboardingLayout() {
  const onboarded = useAppSelector((state) => state.auth.user?.onboarding === 'done');
  if (onboarded) return <MainLayout />;
  return (
    <LayoutPage>
      <TopBar position="static">
        {/* On a phone the controls wrap under the brand: a little room above and between. */}
        <Toolbar sx={{ gap: 1, py: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Brand />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <PreferenceControls />
            <LogoutButton />
          </Box>
        </Toolbar>
      </TopBar>
      <Container component="main" maxWidth="md" sx={{ py: 4 }}>
        <EmailConfirmReminder />
        <OnboardingSteps />
        <Outlet />
      </Container>
    </LayoutPage>
  );
}
