import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { DRAWER_WIDTH, SIDEBAR_MIN_WIDTH } from '../../config/constants';
import { EmailConfirmReminder } from '../../features/auth';
import { NotificationsBell } from '../../features/notifications';
import { PreferenceControls } from '../../features/preferences';
import { useLiveRadiators } from '../../features/radiators';
import { PlanReminder } from '../../features/subscriptions';
import { Brand } from '../../components/Brand';
import { SkipLink } from '../../components/SkipLink';
import { ConnectionNotice } from './ConnectionNotice';
import { mainNavigation } from './navigation';
import { LayoutPage, TopBar } from './TopBar';
import { UserMenu } from './UserMenu';

/** The signed-in app: sidebar of every section, top bar, and the page. */
export function MainLayout() {
  const { t } = useTranslation();
  useLiveRadiators();
  const narrow = useMediaQuery(`(max-width: ${SIDEBAR_MIN_WIDTH - 0.02}px)`, { noSsr: true });
  // Wide and narrow windows keep separate choices, so the sidebar closes by itself when the
  // window becomes narrower than 1366 px and comes back as it was when it widens again.
  const [openWide, setOpenWide] = useState(true);
  const [openNarrow, setOpenNarrow] = useState(false);
  const open = narrow ? openNarrow : openWide;
  const setOpen = narrow ? setOpenNarrow : setOpenWide;
  // The narrow menu, a dialog, gives the focus back to its button once closed, unless a page was
  // chosen in it: then the focus, left on nothing, goes to that page's heading
  // (`usePageHeading`). MUI's own restoring is off, as it decides when the menu opens.
  const [pageChosen, setPageChosen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const navigation = (
    <Box component="nav" aria-label={t('nav.mainMenu')}>
      <Toolbar>
        <Brand />
      </Toolbar>
      <List>
        {mainNavigation.map(({ label, to, Icon }) => (
          <ListItemButton
            key={to}
            component={NavLink}
            to={to}
            onClick={() => {
              if (!narrow) return;
              setPageChosen(true);
              setOpen(false);
            }}
            sx={{
              mx: 1,
              borderRadius: 1,
              '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
              <Icon aria-hidden />
            </ListItemIcon>
            <ListItemText primary={t(`nav.${label}`)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  const shift = open && !narrow ? DRAWER_WIDTH : 0;
  return (
    <LayoutPage>
      <SkipLink />
      <TopBar
        position="fixed"
        style={{
          width: `calc(100% - ${shift}px)`,
          marginInlineStart: `${shift}px`,
          transition: 'width 0.3s, margin 0.3s',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            ref={menuButton}
            edge="start"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={open}
            onClick={() => {
              setPageChosen(false);
              setOpen(!open);
            }}
          >
            <MenuIcon />
          </IconButton>
          {/* Beside the menu button while the sidebar, which carries it, is shut. */}
          {(!open || narrow) && <Brand markOnPhones />}
          <Box sx={{ flex: 1 }} />
          <NotificationsBell />
          <PreferenceControls />
          <UserMenu />
        </Toolbar>
      </TopBar>
      <Drawer
        variant={narrow ? 'temporary' : 'persistent'}
        open={open}
        onClose={() => {
          setPageChosen(false);
          setOpen(false);
        }}
        ModalProps={{ disableRestoreFocus: true }}
        slotProps={{
          // As a dialog (narrow windows), it is named like the menu in it.
          paper: narrow ? { 'aria-label': t('nav.mainMenu') } : {},
          transition: { onExited: () => narrow && !pageChosen && menuButton.current?.focus() },
        }}
        sx={{
          displayPrint: 'none',
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {navigation}
      </Drawer>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          outline: 'none',
          marginInlineStart: `${shift}px`,
          transition: 'margin 0.3s',
          p: { xs: 2, sm: 3 },
          pt: { xs: 10, sm: 11 },
          '@media print': { marginInlineStart: 0, p: 0, transition: 'none' },
        }}
      >
        <ConnectionNotice />
        <Box sx={{ displayPrint: 'none' }}>
          <EmailConfirmReminder />
          <PlanReminder />
        </Box>
        <Outlet />
      </Box>
    </LayoutPage>
  );
}
