import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { lazyPage } from '../components/lazyPage';
import { MainLayout } from './layouts/MainLayout';
import { OnboardingLayout } from './layouts/OnboardingLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RequireAuth } from './layouts/RequireAuth';
import { NotFound } from '../components/NotFound';
import { paths } from '../config/paths';

const LoginPage = lazyPage(() => import('./pages/LoginPage'));
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'));
const ConfirmEmailPage = lazyPage(() => import('./pages/ConfirmEmailPage'));
const LegalPage = lazyPage(() => import('./pages/LegalPage'));
const HomePage = lazyPage(() => import('./pages/HomePage'));
const ProfilePage = lazyPage(() => import('./pages/ProfilePage'));
const ChangePasswordPage = lazyPage(() => import('./pages/ChangePasswordPage'));
const RoomsPage = lazyPage(() => import('./pages/RoomsPage'));
const AddRoomPage = lazyPage(() => import('./pages/AddRoomPage'));
const RoomPage = lazyPage(() => import('./pages/RoomPage'));
const RadiatorsPage = lazyPage(() => import('./pages/RadiatorsPage'));
const RadiatorPage = lazyPage(() => import('./pages/RadiatorPage'));
const ZonesPage = lazyPage(() => import('./pages/ZonesPage'));
const ZonePage = lazyPage(() => import('./pages/ZonePage'));
const SchedulesPage = lazyPage(() => import('./pages/SchedulesPage'));
const NewSchedulePage = lazyPage(() => import('./pages/NewSchedulePage'));
const SchedulePage = lazyPage(() => import('./pages/SchedulePage'));
const UpdateSchedulePage = lazyPage(() => import('./pages/UpdateSchedulePage'));
const SettingsPage = lazyPage(() => import('./pages/SettingsPage'));
const CompareCo2Page = lazyPage(() => import('./pages/CompareCo2Page'));
const AnalyticsPage = lazyPage(() => import('./pages/AnalyticsPage'));
const AnalyticsViewPage = lazyPage(() => import('./pages/AnalyticsViewPage'));
const PreferencesPage = lazyPage(() => import('./pages/PreferencesPage'));
const SubscriptionPlanPage = lazyPage(() => import('./pages/SubscriptionPlanPage'));
const PlanPaymentPage = lazyPage(() => import('./pages/PlanPaymentPage'));
const SubscriptionsPage = lazyPage(() => import('./pages/SubscriptionsPage'));
const InvoicePage = lazyPage(() => import('./pages/InvoicePage'));
const ConsentSetupPage = lazyPage(() => import('./pages/ConsentSetupPage'));
const ConfirmAddressPage = lazyPage(() => import('./pages/ConfirmAddressPage'));
const EnergyUsageSetupPage = lazyPage(() => import('./pages/EnergyUsageSetupPage'));
const WithdrawConsentPage = lazyPage(() => import('./pages/WithdrawConsentPage'));
const InsightsPage = lazyPage(() => import('./pages/InsightsPage'));
const ContactUsPage = lazyPage(() => import('./pages/ContactUsPage'));
const AboutUsPage = lazyPage(() => import('./pages/AboutUsPage'));
const ReduceCarbonFootprintPage = lazyPage(() => import('./pages/ReduceCarbonFootprintPage'));

function page(element: ReactNode) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      }
    >
      {element}
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: page(<LoginPage />) },
          { path: paths.register, element: page(<RegisterPage />) },
          { path: paths.forgotPassword, element: page(<ForgotPasswordPage />) },
          { path: paths.resetPassword, element: page(<ResetPasswordPage />) },
          { path: paths.confirmEmail, element: page(<ConfirmEmailPage />) },
          { path: paths.terms, element: page(<LegalPage document="terms" />) },
          { path: paths.privacy, element: page(<LegalPage document="privacy" />) },
          { path: paths.notFound, element: <NotFound /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <OnboardingLayout />
          </RequireAuth>
        ),
        children: [
          { path: paths.subscriptionPlan, element: page(<SubscriptionPlanPage />) },
          { path: paths.planPayment, element: page(<PlanPaymentPage />) },
          { path: paths.consentSetup, element: page(<ConsentSetupPage />) },
          { path: paths.confirmAddress, element: page(<ConfirmAddressPage />) },
          { path: paths.energyUsageSetup, element: page(<EnergyUsageSetupPage />) },
        ],
      },
      {
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: [
          {
            // A page that fails keeps the menu, the top bar and the connection notice.
            errorElement: <ErrorPage inLayout />,
            children: [
              { path: paths.home, element: page(<HomePage />) },
              { path: paths.profile, element: page(<ProfilePage />) },
              { path: paths.changePassword, element: page(<ChangePasswordPage />) },
              { path: paths.compareCo2, element: page(<CompareCo2Page />) },
              { path: paths.rooms, element: page(<RoomsPage />) },
              { path: paths.addRoom, element: page(<AddRoomPage />) },
              { path: paths.room, element: page(<RoomPage />) },
              { path: paths.preferences, element: page(<PreferencesPage tab="overview" />) },
              {
                path: paths.preferencesEnergyUsage,
                element: page(<PreferencesPage tab="energy" />),
              },
              { path: paths.preferencesCo2Savings, element: page(<PreferencesPage tab="co2" />) },
              {
                path: paths.preferencesEntireOffice,
                element: page(<PreferencesPage tab="office" />),
              },
              { path: paths.zones, element: page(<ZonesPage />) },
              { path: paths.zone, element: page(<ZonePage />) },
              { path: paths.radiators, element: page(<RadiatorsPage />) },
              { path: paths.radiator, element: page(<RadiatorPage />) },
              { path: paths.analytics, element: page(<AnalyticsPage />) },
              { path: paths.analyticsView, element: page(<AnalyticsViewPage />) },
              { path: paths.insights, element: page(<InsightsPage />) },
              { path: paths.reduceCarbonFootprint, element: page(<ReduceCarbonFootprintPage />) },
              { path: paths.schedules, element: page(<SchedulesPage />) },
              { path: paths.scheduleNew, element: page(<NewSchedulePage />) },
              { path: paths.scheduleUpdate, element: page(<UpdateSchedulePage />) },
              { path: paths.schedule, element: page(<SchedulePage />) },
              { path: paths.subscriptions, element: page(<SubscriptionsPage />) },
              { path: paths.invoice, element: page(<InvoicePage />) },
              { path: paths.withdrawConsent, element: page(<WithdrawConsentPage />) },
              { path: paths.settings, element: page(<SettingsPage />) },
              { path: paths.contactUs, element: page(<ContactUsPage />) },
              { path: paths.aboutUs, element: page(<AboutUsPage />) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
