import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { LogoutButton } from '../../features/auth';
import { PreferenceControls } from '../../features/preferences';
import { LayoutPage, TopBar } from './TopBar';
import { Brand } from '../../components/Brand';

/** The signed-in steps before the dashboard: plan, payment, consent, address. */
export function OnboardingLayout() {
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
