import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text for screen readers only: a column's name, what a search found. */
export function Unseen({ children, role }: { children: ReactNode; role?: 'status' }) {
  return (
    <Box
      component="span"
      role={role}
      // In pixels: to MUI's sx, a width of 1 is 100%.
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        margin: '-1px',
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
