import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A reading shown large under its name (`small`: fit for a one-row widget), with whatever
 * qualifies it below. */
export function Figure({
  label,
  value,
  testId,
  small = false,
  children,
}: {
  label: string;
  value: string;
  testId?: string;
  small?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={small ? 'h3' : 'h2'} component="p" data-testid={testId}>
        {value}
      </Typography>
      {children}
    </Box>
  );
}

/** The panel of a radiator's or a room's figures and controls, in a wrapping row. */
export function FigurePanel({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}
    >
      {children}
    </Paper>
  );
}
