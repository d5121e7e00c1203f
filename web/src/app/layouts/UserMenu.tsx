import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth';
import { useProfileImage } from '../../features/profile';

/** The account holder's menu: profile, settings, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useAppSelector((state) => state.auth.user);
  const image = useProfileImage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string) => {
    setAnchor(null);
    void navigate(to);
  };
  return (
    <>
      <IconButton
        aria-label={t('nav.userMenu')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* The button is named by its label: the picture is decoration. */}
        {image ? (
          <Avatar src={image} alt="" sx={{ width: 28, height: 28 }} data-testid="user-avatar" />
        ) : (
          <AccountCircleIcon />
        )}
      </IconButton>
      {/* Named by whose account it is: a screen reader reads nothing in a menu but its items. */}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: user
            ? { 'aria-labelledby': 'user-menu-account' }
            : { 'aria-label': t('nav.userMenu') },
        }}
      >
        {user && (
          <ListItemText id="user-menu-account" sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
              {user.business_name}
            </Typography>
            <Typography
              variant="body2"
              component="span"
              color="text.secondary"
              sx={{ display: 'block' }}
            >
              {user.email}
            </Typography>
          </ListItemText>
        )}
        <MenuItem onClick={() => go(paths.profile)}>{t('nav.profile')}</MenuItem>
        <MenuItem onClick={() => go(paths.settings)}>{t('nav.settings')}</MenuItem>
        <MenuItem onClick={() => go(paths.changePassword)}>{t('nav.changePassword')}</MenuItem>
        {/* The meter's readings and the consent to them, after onboarding as during it. */}
        <MenuItem onClick={() => go(paths.energyUsageSetup)}>{t('nav.smartMeter')}</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
