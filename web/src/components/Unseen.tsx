import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text for screen readers only: a column's name, what a search found. */
export function Unseen({ children, role }: { children: ReactNode; role?: 'status' }) {
  return (
    <Box
      component="span"
      role={role}
      sx={{
        position: 'absolute',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
