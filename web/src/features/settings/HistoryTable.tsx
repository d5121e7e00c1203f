import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/ListStates';
import { formatDateTime } from '../../lib/format';
import { formatCount } from '../../lib/units';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { wideOnly } from '../../lib/responsive';
import { actorText } from './actor';
import { describeChange } from './changes';
import { fetchHistory } from './slice';
import type { HistoryEntry } from './types';

/** The kinds of record the history can be filtered by (the server's `kind`): every kind a
 *  change is recorded for. */
const RECORD_KINDS = [
  'radiator',
  'room',
  'zone',
  'schedule',
  'closed_days',
  'automation',
  'business_settings',
  'tariff',
  'budget',
  'carbon_goal',
  'carbon_method',
  'subscription',
  'payment',
  'consent',
  'business_address',
  'onboarding',
];
/** Whose changes the history can be filtered to (the server's `by`). */
const MADE_BY = [
  ['', 'madeByAnyone'],
  ['people', 'madeByPeople'],
  ['heatdesk', 'madeByHeatDesk'],
] as const;
type MadeBy = (typeof MADE_BY)[number][0];
const PAGE_SIZES = [10, 25, 50, 100];

// Narrow screens show each change in one cell, a line each for what, who and when.
const narrowOnly = { display: { xs: 'table-cell', sm: 'none' } } as const;

/**
 * The record's name as the change left it (or as it was, for a deletion), if it has one; an
 * automation's in the reader's language, by its key.
 */
function recordName(entry: HistoryEntry, t: TFunction) {
  const name = entry.after?.name ?? entry.before?.name;
  if (typeof name !== 'string') return null;
  const key = entry.after?.key ?? entry.before?.key;
  if (entry.record_type === 'automation' && typeof key === 'string')
    return t(`settings.automations.items.${key}.name`, { defaultValue: name });
  return name;
}

/** Who and what changed, newest first, a page at a time, filtered by the kind of record. */
export function HistoryTable() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { history, historyPage, isLoading, error } = useAppSelector((state) => state.settings);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(historyPage.per_page);
  const [kind, setKind] = useState('');
  const [by, setBy] = useState<MadeBy>('');

  const load = useCallback(
    () => void dispatch(fetchHistory({ page: page + 1, per_page: perPage, kind, by })),
    [dispatch, page, perPage, kind, by],
  );
  useEffect(load, [load]);

  const who = (entry: HistoryEntry) =>
    entry.by
      ? t('settings.history.byHeatDesk', { by: actorText(entry.by, t) })
      : entry.user_email || t('settings.history.formerUser');

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          name="kind"
          label={t('settings.history.kind')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 220, maxWidth: { sm: 280 } }}
        >
          <MenuItem value="">{t('settings.history.allKinds')}</MenuItem>
          {RECORD_KINDS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`settings.history.kinds.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          name="by"
          label={t('settings.history.madeBy')}
          value={by}
          onChange={(event) => {
            setBy(event.target.value as MadeBy);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 220, maxWidth: { sm: 340 } }}
        >
          {MADE_BY.map(([value, text]) => (
            <MenuItem key={text} value={value}>
              {t(`settings.history.${text}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ListStates
        count={history.length}
        load={{ loading: isLoading, error, retry: load }}
        empty={{
          title: kind || by ? t('settings.history.noneFound') : t('settings.history.emptyTitle'),
          text: t('settings.history.emptyText'),
        }}
        skeleton={{ rows: 6, height: 40 }}
      >
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('settings.tabs.history')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={wideOnly}>{t('settings.history.when')}</TableCell>
                  <TableCell sx={wideOnly}>{t('settings.history.who')}</TableCell>
                  <TableCell sx={wideOnly}>{t('settings.history.action')}</TableCell>
                  <TableCell sx={wideOnly}>{t('settings.history.record')}</TableCell>
                  <TableCell sx={narrowOnly}>{t('settings.history.change')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.map((entry) => {
                  const name = recordName(entry, t);
                  const when = formatDateTime(entry.at, i18n.language);
                  const action = t(`settings.history.actions.${entry.action}`, {
                    defaultValue: entry.action,
                  });
                  const changes = describeChange(entry, t, i18n.language);
                  const record = (
                    <>
                      {t(`settings.history.kinds.${entry.record_type}`, {
                        defaultValue: entry.record_type,
                      })}
                      {name && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          · <bdi>{name}</bdi>
                        </Typography>
                      )}
                      {changes.map((change) => (
                        <Typography
                          key={change}
                          variant="body2"
                          color="text.secondary"
                          data-testid="history-change"
                        >
                          {change}
                        </Typography>
                      ))}
                    </>
                  );
                  return (
                    <TableRow key={entry.id}>
                      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{when}</TableCell>
                      <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>
                        {who(entry)}
                      </TableCell>
                      <TableCell sx={wideOnly}>{action}</TableCell>
                      <TableCell sx={wideOnly}>{record}</TableCell>
                      <TableCell sx={{ ...narrowOnly, overflowWrap: 'anywhere' }}>
                        <div>
                          {action}: {record}
                        </div>
                        <Typography variant="body2" color="text.secondary">
                          {/* An address and a date each whole, in either direction of text. */}
                          <bdi>{who(entry)}</bdi>&nbsp;· <bdi>{when}</bdi>
                        </Typography>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            // On a phone the page arrows go onto a line of their own rather than past the edge.
            sx={{
              '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
            }}
            count={historyPage.total}
            page={Math.min(page, Math.max(0, Math.ceil(historyPage.total / perPage) - 1))}
            rowsPerPage={perPage}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('settings.history.perPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('settings.history.shown', { from, to, count: formatCount(count) })
            }
            getItemAriaLabel={(type) => t(`settings.history.go.${type}`)}
          />
        </Paper>
      </ListStates>
    </Stack>
  );
}
