import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import type { CSSProperties, ReactNode } from 'react';

/** The full-height page of a layout, on the background colour. */
export function LayoutPage({ children }: { children: ReactNode }) {
  return <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>{children}</Box>;
}

/** The signed-in layouts' bar: flat, page-coloured and ruled off from the page below. */
export function TopBar({
  position,
  style,
  children,
}: {
  position: 'fixed' | 'static';
  /** Where the bar sits when a sidebar pushes it aside. */
  style?: Pick<CSSProperties, 'width' | 'marginInlineStart' | 'transition'>;
  children: ReactNode;
}) {
  return (
    <AppBar
      position={position}
      color="inherit"
      elevation={0}
      // A printed page (an invoice) is the page alone.
      sx={{ borderBottom: 1, borderColor: 'divider', displayPrint: 'none', ...style }}
    >
      {children}
    </AppBar>
  );
}
