import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DAY_MINUTES } from '../../lib/clock';

/** Where `minutes` since midnight falls on the day's bar, as a share of its width. */
export const percent = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;

/** A faint line at each hour, stronger every six. */
export function HourLines() {
  return (
    <>
      {Array.from({ length: 23 }, (_, index) => index + 1).map((hour) => (
        <Box
          key={hour}
          aria-hidden
          style={{ insetInlineStart: percent(hour * 60) }}
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            width: '1px',
            bgcolor: 'divider',
            opacity: hour % 6 === 0 ? 1 : 0.5,
            pointerEvents: 'none',
          }}
        />
      ))}
    </>
  );
}

/** Hours under the bar: every three on wide screens, every six on narrow ones. */
export function HourLabels() {
  return (
    <Box aria-hidden sx={{ position: 'relative', height: 22, mt: 0.5 }}>
      {Array.from({ length: 25 }, (_, hour) => hour)
        .filter((hour) => hour % 3 === 0)
        .map((hour) => (
          <Typography
            key={hour}
            component="span"
            variant="caption"
            color="text.secondary"
            // Centred on its hour from the side time starts on, left or right.
            style={{ insetInlineStart: `calc(${percent(hour * 60)} - 1.25em)` }}
            sx={{
              position: 'absolute',
              width: '2.5em',
              textAlign: 'center',
              display: hour % 6 === 0 ? 'block' : { xs: 'none', sm: 'block' },
            }}
          >
            {String(hour).padStart(2, '0')}
          </Typography>
        ))}
    </Box>
  );
}
