import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';
import { formatShare } from '../lib/units';

type Named = Pick<LinearProgressProps, 'color' | 'aria-label' | 'aria-labelledby'>;

/**
 * A share (0.95 for 95 %) as a bar, drawn within 0–100 % and read out as the whole percentage
 * the text beside it shows, not as the raw fraction.
 */
export function ShareBar({
  share,
  height = 8,
  ...named
}: Named & { share: number; height?: number }) {
  return (
    <LinearProgress
      variant="determinate"
      value={Math.round(Math.max(0, Math.min(1, share)) * 100)}
      aria-valuetext={formatShare(share)}
      // A plain track: the theme's tint of the bar's colour reads as full in dark mode.
      sx={{ height, borderRadius: height / 2, bgcolor: 'action.selected' }}
      {...named}
    />
  );
}
