import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchMe } from '../../features/auth';
import { getToken, sessionEnded } from '../../lib/session';
import { paths } from '../../config/paths';

/** Signed-in layouts: without a session, back to the sign-in page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const dispatch = useAppDispatch();
  const hasToken = Boolean(getToken());

  useEffect(() => {
    if (isAuthenticated && !hasToken) dispatch(sessionEnded());
  }, [dispatch, isAuthenticated, hasToken]);

  useEffect(() => {
    // Confirms the session is still valid; a 401 ends it through the HTTP client.
    if (isAuthenticated && hasToken) void dispatch(fetchMe());
  }, [dispatch, isAuthenticated, hasToken]);

  if (!isAuthenticated || !hasToken) return <Navigate to={paths.login} replace />;
  return children;
}
