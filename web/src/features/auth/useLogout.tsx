import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../lib/hooks';
import { endSession } from '../../lib/session';
import { paths } from '../../config/paths';
import { authApi } from './api';

/** Signs out: revokes the token on the server, purges this browser's state, back to sign-in. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    try {
      await authApi.logout();
    } catch (error) {
      // The session ends here either way; a token the server no longer knows is harmless.
      console.warn('logout', error);
    }
    await endSession({ dispatch });
    await navigate(paths.login, { replace: true });
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
