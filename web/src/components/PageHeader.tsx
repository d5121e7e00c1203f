import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's title with its actions beside it (below it on narrow screens). */
export function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
    >
      <Typography variant="h1">{title}</Typography>
      {children}
    </Stack>
  );
}

/** Change and delete, the two actions of a room's, a zone's or a radiator's page. */
export function EditDeleteActions({
  edit,
  remove,
  onEdit,
  onDelete,
}: {
  edit: string;
  remove: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button variant="outlined" onClick={onEdit}>
        {edit}
      </Button>
      <Button variant="outlined" color="secondary" onClick={onDelete}>
        {remove}
      </Button>
    </Box>
  );
}
