import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** A note with a link, on its right, to the page that deals with it. */
export function LinkAlert({
  to,
  linkLabel,
  ...alert
}: Omit<AlertProps, 'action'> & { to: string; linkLabel: string }) {
  return (
    <Alert
      {...alert}
      action={
        <Button component={RouterLink} to={to} color="inherit">
          {linkLabel}
        </Button>
      }
    />
  );
}
