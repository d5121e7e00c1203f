import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { Brand } from '../../components/Brand';
import { LogoutButton } from '../../features/auth';
import { PreferenceControls } from '../../features/preferences';
import { useAppSelector } from '../../lib/hooks';
import { MainLayout } from './MainLayout';
import { LayoutPage, TopBar } from './TopBar';

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
        <Toolbar sx={{ gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Brand />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <PreferenceControls />
            <LogoutButton />
          </Box>
        </Toolbar>
      </TopBar>
      <Container component="main" maxWidth="md" sx={{ py: 4 }}>
        <Outlet />
      </Container>
    </LayoutPage>
  );
}
