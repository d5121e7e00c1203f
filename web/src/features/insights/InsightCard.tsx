import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { insightAction, insightText } from './text';
import type { Insight } from './types';

const COLOUR = { info: 'info', warning: 'warning', critical: 'error' } as const;

/** One insight: its severity, title, sentence and the page to act on it. */
export function InsightCard({ insight, compact = false }: { insight: Insight; compact?: boolean }) {
  const { t } = useTranslation();
  const { title, body } = insightText(insight, t);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={`insight-${insight.id}`}
      sx={{ p: compact ? 1.5 : 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={COLOUR[insight.severity]}
          label={t(`insights.severity.${insight.severity}`)}
        />
        {/* Under the home widget's h2, or the insights page's h1. */}
        <Typography
          id={`insight-${insight.id}`}
          variant={compact ? 'subtitle2' : 'h3'}
          component={compact ? 'h3' : 'h2'}
        >
          {title}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: compact ? 0 : 1 }}>
        {body}
      </Typography>
      {!compact && (
        <Button
          component={RouterLink}
          to={insight.action_path}
          size="small"
          aria-describedby={`insight-${insight.id}`}
        >
          {insightAction(insight, t)}
        </Button>
      )}
    </Paper>
  );
}
