import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's title with its actions beside it (below it on narrow screens). The title may be a
 * name someone typed: isolated, it keeps its own reading order in a right-to-left page. */
export function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
    >
      <Typography variant="h1">
        <bdi>{title}</bdi>
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Change and delete, the two actions of a room's, a zone's or a radiator's page, and of a
 * schedule's card (`small`, with `labels` naming what they act on for a screen reader).
 */
export function EditDeleteActions({
  edit,
  remove,
  onEdit,
  onDelete,
  small,
  labels,
}: {
  edit: string;
  remove: string;
  onEdit: () => void;
  onDelete: () => void;
  small?: boolean;
  labels?: { edit: string; remove: string };
}) {
  const size = small ? 'small' : 'medium';
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button size={size} variant="outlined" onClick={onEdit} aria-label={labels?.edit}>
        {edit}
      </Button>
      <Button
        size={size}
        variant="outlined"
        color="secondary"
        onClick={onDelete}
        aria-label={labels?.remove}
      >
        {remove}
      </Button>
    </Box>
  );
}
