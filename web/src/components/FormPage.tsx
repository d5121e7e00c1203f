import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BackLink } from './BackLink';

/** A page that is one form: its title, and the form on an outlined card. */
export function FormPage({
  title,
  back,
  children,
}: {
  title: string;
  /** The page it belongs to, linked above the title. */
  back?: { to: string; name: string };
  children: ReactNode;
}) {
  return (
    <>
      {back && <BackLink to={back.to}>{back.name}</BackLink>}
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
        {children}
      </Paper>
    </>
  );
}
