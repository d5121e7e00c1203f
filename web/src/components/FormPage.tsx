import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page that is one form: its title, and the form on an outlined card. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
        {children}
      </Paper>
    </>
  );
}
