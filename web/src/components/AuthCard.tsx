import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The centred card of the public forms. */
export function AuthCard({
  title,
  intro,
  children,
  wide,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Paper
      elevation={0}
      sx={{
        maxWidth: wide ? 760 : 440,
        mx: 'auto',
        p: { xs: 2.5, sm: 4 },
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** Under a public form, a question and the link that answers it ("No account yet? Create one"). */
/** `state` goes with the link to the page it opens (the address typed so far, say). */
export function AuthCardLink({
  text,
  link,
  to,
  state,
}: {
  text: string;
  link: string;
  to: string;
  state?: object;
}) {
  return (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      {text}{' '}
      <Link component={RouterLink} to={to} state={state}>
        {link}
      </Link>
    </Typography>
  );
}
