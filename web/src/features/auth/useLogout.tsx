import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { endSession } from '../../lib/session';
import { authApi } from './api';

/** Ends the session in this browser (token, state, storage) and goes back to sign-in. */
export function useEndSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    await endSession({ dispatch });
    await navigate(paths.login, { replace: true });
  };
}

/** Signs out: revokes the token on the server, purges this browser's state, back to sign-in. */
export function useLogout() {
  const end = useEndSession();
  return async () => {
    try {
      await authApi.logout();
    } catch (error) {
      // The session ends here either way; a token the server no longer knows is harmless.
      console.warn('logout', error);
    }
    await end();
  };
}

export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Button startIcon={<LogoutIcon />} onClick={() => void logout()}>
      {t('nav.logout')}
    </Button>
  );
}
