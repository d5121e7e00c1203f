import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';

/** Cards in a grid: one column on phones, two on tablets, three on wide screens. */
export function CardGrid<T extends { id: number }>({
  items,
  children,
}: {
  items: T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <Grid container spacing={2}>
      {items.map((item) => (
        <Grid key={item.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          {children(item)}
        </Grid>
      ))}
    </Grid>
  );
}
