import ContrastIcon from '@mui/icons-material/Contrast';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  FONT_SCALES,
  setDarkMode,
  setFontScale,
  setLanguage,
  toggleContrast,
  type Language,
} from './slice';

const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'ar', label: 'العربية' },
];

/** Dark mode, contrast, text size and language; every change is saved at once. */
export function PreferenceControls() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const preferences = useAppSelector((state) => state.preferences);
  const dark = useTheme().palette.mode === 'dark';
  const [languageMenu, setLanguageMenu] = useState<HTMLElement | null>(null);
  const nextScale =
    FONT_SCALES[
      (FONT_SCALES.indexOf(preferences.fontScale as (typeof FONT_SCALES)[number]) + 1) %
        FONT_SCALES.length
    ];

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip title={dark ? t('prefs.lightMode') : t('prefs.darkMode')}>
        <IconButton
          aria-label={dark ? t('prefs.lightMode') : t('prefs.darkMode')}
          onClick={() => dispatch(setDarkMode(!dark))}
        >
          {dark ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('prefs.contrast')}>
        <IconButton
          aria-label={t('prefs.contrast')}
          aria-pressed={preferences.isContrastMode}
          onClick={() => dispatch(toggleContrast())}
          color={preferences.isContrastMode ? 'primary' : 'default'}
        >
          <ContrastIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={`${t('prefs.fontScale')}: ${Math.round(preferences.fontScale * 100)}%`}>
        <IconButton
          aria-label={`${t('prefs.fontScale')}: ${Math.round(preferences.fontScale * 100)}%`}
          onClick={() => dispatch(setFontScale(nextScale ?? 1))}
        >
          <TextFieldsIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('prefs.language')}>
        <IconButton
          aria-label={t('prefs.language')}
          aria-haspopup="menu"
          aria-expanded={Boolean(languageMenu)}
          onClick={(event) => setLanguageMenu(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={languageMenu}
        open={Boolean(languageMenu)}
        onClose={() => setLanguageMenu(null)}
        slotProps={{ list: { 'aria-label': t('prefs.language') } }}
      >
        {/* One of them is chosen: a screen reader says which, as the highlight shows it. */}
        {LANGUAGES.map(({ code, label }) => (
          <MenuItem
            key={code}
            lang={code}
            role="menuitemradio"
            aria-checked={preferences.language === code}
            selected={preferences.language === code}
            onClick={() => {
              dispatch(setLanguage(code));
              setLanguageMenu(null);
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
