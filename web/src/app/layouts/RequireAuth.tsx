import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchMe } from '../../features/auth';
import { onboardingRedirect } from '../../features/onboarding';
import { getToken, sessionEnded } from '../../lib/session';
import { paths } from '../../config/paths';

/**
 * Signed-in layouts: without a session, back to the sign-in page; a business still onboarding
 * goes to its step (DESIGN.md §6), wherever it signed in or reloaded.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const step = useAppSelector((state) => state.auth.user?.onboarding);
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const hasToken = Boolean(getToken());

  useEffect(() => {
    if (isAuthenticated && !hasToken) dispatch(sessionEnded());
  }, [dispatch, isAuthenticated, hasToken]);

  // Whether `me` has been read since this layout opened: the step stored in the browser may be
  // behind one finished on another device.
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    // Confirms the session is still valid; a 401 ends it through the HTTP client.
    if (isAuthenticated && hasToken) void dispatch(fetchMe()).finally(() => setFresh(true));
  }, [dispatch, isAuthenticated, hasToken]);

  // The sign-in page comes back here once signed in.
  if (!isAuthenticated || !hasToken)
    return <Navigate to={paths.login} replace state={{ from: pathname + search }} />;
  const onboarding = onboardingRedirect(step, pathname);
  if (onboarding && !fresh)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (onboarding) return <Navigate to={onboarding} replace />;
  return children;
}
