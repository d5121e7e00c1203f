import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../config/paths';
import { PreferenceControls } from '../../features/preferences';
import { getToken } from '../../lib/session';
import { Brand } from '../../components/Brand';

/** Sign-in, registration and the public pages: open to everyone. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  if (isAuthenticated && getToken() && (pathname === paths.login || pathname === paths.register)) {
    return <Navigate to={paths.home} replace />;
  }
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 4 },
          py: 2,
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <RouterLink to={paths.login} style={{ color: 'inherit', textDecoration: 'none' }}>
          <Brand />
        </RouterLink>
        <PreferenceControls />
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 2, sm: 4 } }}>
        <Outlet />
      </Container>
      <Box component="footer" sx={{ py: 3, display: 'flex', justifyContent: 'center', gap: 3 }}>
        <Link component={RouterLink} to={paths.terms}>
          {t('legal.terms')}
        </Link>
        <Link component={RouterLink} to={paths.privacy}>
          {t('legal.privacy')}
        </Link>
      </Box>
    </Box>
  );
}
