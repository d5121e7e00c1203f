import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Heading } from '../../components/Heading';
import { ShareBar } from '../../components/ShareBar';

/** A titled part of a preferences page, on an outlined card. */
export function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Heading title={title} intro={intro} variant="h2" />
      {children}
    </Paper>
  );
}

/**
 * A share of a whole as a bar with its sentence: green on the way, amber from 80 %, red when
 * `over` (a budget spent, or a goal reached when reaching it is good: then never red).
 */
export function ShareOfLimit({
  label,
  share,
  text,
  overIsBad,
}: {
  label: string;
  share: number;
  text: string;
  overIsBad: boolean;
}) {
  const color = !overIsBad
    ? 'primary'
    : share >= 1
      ? 'error'
      : share >= 0.8
        ? 'warning'
        : 'primary';
  return (
    <Box sx={{ my: 2 }}>
      <ShareBar share={share} height={10} color={color} aria-label={label} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}
