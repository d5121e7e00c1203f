import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/rubik/500.css';
import '@fontsource/rubik/600.css';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, SnackbarProvider, type SnackbarKey } from 'notistack';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { TOAST } from '../config/constants';
import { initI18n } from '../i18n';
import { createAppTheme } from '../theme/theme';
import { useAppSelector } from '../lib/hooks';
import type { AppStore } from './store';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

/** Every toast's close button, for one read (or not wanted) before it hides by itself. */
function CloseToast({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('common.closeToast')}
      onClick={() => closeSnackbar(id)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Escape closes the toasts on screen, as their close buttons do, unless a popup is open: there
 *  Escape closes the popup. */
function useEscapeClosesToasts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const popup = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
      if (document.querySelector(popup)) return;
      closeSnackbar();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Theme, direction, language and toasts, all following the saved preferences. */
function Themed({ children }: { children: ReactNode }) {
  const preferences = useAppSelector((state) => state.preferences);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = (preferences.isDarkMode ?? systemDark) ? 'dark' : 'light';
  const theme = useMemo(
    () => createAppTheme(mode, preferences.direction, preferences.fontScale, preferences.language),
    [mode, preferences.direction, preferences.fontScale, preferences.language],
  );
  const i18n = initI18n(preferences.language);
  useEscapeClosesToasts();

  useEffect(() => {
    void i18n.changeLanguage(preferences.language);
    document.documentElement.lang = preferences.language;
    document.documentElement.dir = preferences.direction;
    document.documentElement.dataset.theme = mode;
  }, [i18n, preferences.language, preferences.direction, mode]);

  return (
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={caches[preferences.direction]}>
        <ThemeProvider theme={theme}>
          {/* The browser's own parts (time pickers, scroll bars) follow the theme's light or dark. */}
          <CssBaseline enableColorScheme />
          <GlobalStyles
            styles={{
              // Spec §9: big screens get everything a quarter larger.
              '@media (min-width: 2048px)': { body: { zoom: 1.25 } },
              // On the root element a filter leaves fixed-position bars in place.
              html: {
                filter: preferences.isContrastMode ? 'contrast(1.4)' : 'none',
                transition: 'filter 0.3s',
              },
            }}
          />
          <SnackbarProvider
            maxSnack={TOAST.max}
            autoHideDuration={TOAST.autoHideMs}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            action={(id) => <CloseToast id={id} />}
          >
            {children}
          </SnackbarProvider>
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}

export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor?: Persistor;
  children: ReactNode;
}) {
  const themed = <Themed>{children}</Themed>;
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {themed}
        </PersistGate>
      ) : (
        themed
      )}
    </Provider>
  );
}
