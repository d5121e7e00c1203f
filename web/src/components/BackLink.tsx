import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A link back to the page this one belongs to, its arrow pointing back in either direction. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div>
      <Button
        component={RouterLink}
        to={to}
        size="small"
        startIcon={
          <ArrowBackIcon
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
          />
        }
      >
        {children}
      </Button>
    </div>
  );
}
