import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollShadows } from '../../lib/scrollShadows';
import type { Step, WidgetId } from './layout';

/** The class of the handle a widget is dragged by in edit mode. */
export const HANDLE = 'widget-handle';

/** What each arrow key does to the widget whose handle has the focus (with Shift: its size). */
function stepOf(event: KeyboardEvent, rtl: boolean): Step | null {
  const [toStart, toEnd] = rtl ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
  const keys: Record<string, [Step, Step]> = {
    ArrowUp: ['up', 'shorter'],
    ArrowDown: ['down', 'taller'],
    [toStart]: ['start', 'narrower'],
    [toEnd]: ['end', 'wider'],
  };
  const steps = keys[event.key];
  return steps ? steps[event.shiftKey ? 1 : 0] : null;
}

/**
 * A widget: its title (a link to more beside it), its content, scrolling if the widget is made
 * small; in edit mode a handle to drag it by, which also moves it with the arrow keys.
 */
export function WidgetFrame({
  id,
  title,
  action,
  editing,
  onStep,
  children,
}: {
  id: WidgetId;
  title: string;
  action?: ReactNode;
  editing: boolean;
  onStep: (step: Step) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { direction } = useTheme();
  const rtl = direction === 'rtl';
  const titleId = `widget-${id}-title`;
  return (
    <Paper
      component="section"
      dir={direction}
      aria-labelledby={titleId}
      data-testid={`widget-${id}`}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderStyle: editing ? 'dashed' : 'solid',
        borderColor: editing ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 0.5 }}>
        {editing && (
          <Tooltip title={t('dashboard.moveHelp')}>
            <IconButton
              className={HANDLE}
              size="small"
              aria-label={t('dashboard.move', { name: title })}
              aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight"
              sx={{ cursor: 'grab', marginInlineStart: -1 }}
              onKeyDown={(event) => {
                const step = stepOf(event, rtl);
                if (!step) return;
                event.preventDefault();
                onStep(step);
              }}
            >
              <DragIndicatorIcon />
            </IconButton>
          </Tooltip>
        )}
        <Typography variant="h3" component="h2" id={titleId} sx={{ flex: 1 }} noWrap>
          {title}
        </Typography>
        {action}
      </Stack>
      <Box sx={[{ flex: 1, minHeight: 0, overflowY: 'auto', px: 2, pb: 2 }, scrollShadows('y')]}>
        {children}
      </Box>
    </Paper>
  );
}
