import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** The first stop of the keyboard: hidden until focused, it jumps past the menus to `#main`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href="#main"
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: -64,
        zIndex: 'tooltip',
        p: 1.5,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('nav.skipToContent')}
    </Link>
  );
}
