import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollShadows } from '../lib/scrollShadows';

/**
 * A table wider than a phone, named `label`: on a phone it scrolls sideways, whole, with
 * shadows and a line saying there is more; the box takes the focus, so that the arrow keys
 * scroll it too. The table inside is named by the region, once.
 */
export function SidewaysTable({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: { xs: 'block', sm: 'none' }, mb: 1 }}
      >
        {t('common.scrollHint')}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={label} sx={scrollShadows('x')}>
        {children}
      </TableContainer>
    </>
  );
}
