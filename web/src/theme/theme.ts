import { arSA, enUS } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';

/** Spec §9's breakpoints in px, for typography and spacing tweaks. */
export const screens = {
  xs: 320,
  s: 375,
  m: 414,
  l: 568,
  tablet: 768,
  laptop: 1024,
  desktop: 1365,
  wide: 1600,
} as const;

const headings = '"Rubik", "Segoe UI", sans-serif';

/**
 * The one theme: primary green, secondary red, bold buttons without uppercase, radius 8,
 * Rubik headings, Roboto body. Colours are chosen for WCAG AA text contrast in both modes. MUI's
 * own words (a list's "Open" and "Clear", a table's rows per page) are in the app's language.
 */
export function createAppTheme(
  mode: 'light' | 'dark',
  direction: 'ltr' | 'rtl',
  fontScale: number,
  language: 'en' | 'ar',
): Theme {
  const dark = mode === 'dark';
  const words = language === 'ar' ? arSA : enUS;
  const text = dark
    ? { primary: '#e8efe9', secondary: '#b4c2b8' }
    : { primary: '#17211b', secondary: '#4a5a50' };
  return createTheme(
    {
      direction,
      palette: {
        mode,
        primary: { main: dark ? '#66bb6a' : '#2e7d32', contrastText: dark ? '#0b1a0c' : '#ffffff' },
        secondary: {
          main: dark ? '#ef9a9a' : '#c62828',
          contrastText: dark ? '#1f0707' : '#ffffff',
        },
        // MUI's orange carries white text at 3:1; this darker one at 5:1 (chips, alerts' icons).
        warning: dark ? { main: '#ffb74d', contrastText: '#1f1200' } : { main: '#b45309' },
        // MUI's dark-mode red carries white text at 3.7:1 (a delete button); this one dark text.
        ...(dark ? { error: { main: '#e57373', contrastText: '#1f0707' } } : {}),
        // MUI's light blue carries white text at 3.9:1 (an insight's "Info" chip); this one 5.9.
        ...(dark ? {} : { info: { main: '#0369a1' } }),
        background: dark
          ? { default: '#0f1412', paper: '#18201c' }
          : { default: '#f4f7f5', paper: '#ffffff' },
        text,
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Roboto", "Segoe UI", sans-serif',
        htmlFontSize: 16,
        fontSize: 14 * fontScale,
        h1: { fontFamily: headings, fontWeight: 600, fontSize: '2rem' },
        h2: { fontFamily: headings, fontWeight: 600, fontSize: '1.4rem' },
        h3: { fontFamily: headings, fontWeight: 500, fontSize: '1.15rem' },
        h4: { fontFamily: headings },
        h5: { fontFamily: headings },
        h6: { fontFamily: headings, fontWeight: 500 },
        button: { textTransform: 'none', fontWeight: 700 },
      },
      transitions: { duration: { standard: 300 } },
      components: {
        // A keyboard's focus is outlined in the text colour on every button, tab, switch and
        // menu item: MUI's own ripple alone is faint, on a filled button or an icon most of all.
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': {
                outline: `2px solid ${text.primary}`,
                outlineOffset: 2,
              },
            },
          },
        },
        // Inside, as the tab list's scroller would cut an outline around it.
        MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
        MuiButton: { styleOverrides: { root: { borderRadius: 8 } } },
        // An unselected choice in the secondary text colour: MUI's grey is 4.49:1 on the page.
        MuiToggleButton: { styleOverrides: { root: { color: text.secondary } } },
        MuiCircularProgress: { defaultProps: { thickness: 2, color: 'primary' } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
        // Every digit as wide as the next, so that a column of figures lines up on its points
        // whatever font stands in for Roboto.
        MuiTableCell: { styleOverrides: { root: { fontVariantNumeric: 'tabular-nums' } } },
      },
    },
    words,
  );
}
