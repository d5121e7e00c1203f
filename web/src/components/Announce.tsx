import Box from '@mui/material/Box';

/**
 * Says `children` to a screen reader when it changes (a polite live region), unseen: what an
 * action did where nothing visible near the focus tells it (a slot added, a widget moved).
 */
export function Announce({ children }: { children: string }) {
  return (
    <Box
      role="status"
      sx={{
        position: 'absolute',
        width: 1,
        height: 1,
        margin: -1,
        padding: 0,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}
