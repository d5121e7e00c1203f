import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/ListStates';
import { formatCelsius, ltr } from '../../lib/format';
import { decimals } from '../../lib/units';
import { endpoints } from './api';
import { RangeLabel } from './Co2SavingView';
import { useRanged } from './hooks';
import { UsageChart } from './LazyCharts';
import { formatFigure, metricColumns, METRICS, type ColumnFormat, type Metric } from './metrics';
import { Loaded, MetricSwitch } from './parts';
import { RangeToolbar } from './RangePicker';
import type { PlaceUsage, RadiatorUsage } from './types';
import { SidewaysTable } from '../../components/SidewaysTable';
import { Unseen } from '../../components/Unseen';

type Kind = 'rooms' | 'zones';

/** A radiator's or a place's figures; a dash for each where nothing was recorded. */
function Figures({ usage, column }: { usage: RadiatorUsage; column: ColumnFormat }) {
  const { t } = useTranslation();
  const shown = (figure: string) => (usage.reported ? figure : '–');
  return (
    <>
      {METRICS.map((metric) => (
        <TableCell key={metric} align="right">
          {shown(column(usage, metric))}
        </TableCell>
      ))}
      <TableCell align="right">
        {shown(t('analytics.usage.hours', { hours: ltr(decimals(usage.heating_hours, 1)) }))}
      </TableCell>
    </>
  );
}

/** A room or a zone, with its radiators folded beneath it. */
function PlaceRows({ place, column }: { place: PlaceUsage; column: ColumnFormat }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <TableRow data-testid={`usage-${place.name}`}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={t('analytics.usage.radiatorsOf', { name: place.name })}
            disabled={place.radiators.length === 0}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell component="th" scope="row" sx={{ fontWeight: 600, minWidth: 128 }}>
          {place.name}
        </TableCell>
        <Figures usage={place} column={column} />
        <TableCell align="right">{formatCelsius(place.average_temperature)}</TableCell>
      </TableRow>
      {open &&
        place.radiators.map((radiator) => (
          <TableRow key={radiator.id} sx={{ bgcolor: 'action.hover' }}>
            <TableCell />
            <TableCell sx={{ pl: 4 }}>{radiator.name}</TableCell>
            <Figures usage={radiator} column={column} />
            <TableCell />
          </TableRow>
        ))}
    </>
  );
}

function UsageTable({ kind, places }: { kind: Kind; places: PlaceUsage[] }) {
  const { t } = useTranslation();
  const label = t(`analytics.usage.${kind}.table`);
  // Over every row the table can show, so that a room's radiators folded out line up with it.
  const rows = places.flatMap((place) => [place, ...place.radiators]);
  const column = metricColumns(rows.filter((row) => row.reported));
  return (
    <SidewaysTable label={label}>
      <Table size="small" sx={{ '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Unseen>{t('common.details')}</Unseen>
            </TableCell>
            <TableCell>{t(`analytics.usage.${kind}.name`)}</TableCell>
            {METRICS.map((metric) => (
              <TableCell key={metric} align="right">
                {t(`analytics.metric.${metric}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('analytics.usage.heatingHours')}</TableCell>
            <TableCell align="right">{t('analytics.usage.averageTemperature')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {places.map((place) => (
            <Fragment key={place.id}>
              <PlaceRows place={place} column={column} />
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </SidewaysTable>
  );
}

/** The sum of the places' figures (a radiator in no room or zone is in none of them). */
export function usageTotals(places: PlaceUsage[]) {
  return places.reduce(
    (sum, place) => ({
      kwh: sum.kwh + place.kwh,
      cost_pence: sum.cost_pence + place.cost_pence,
      co2_kg: sum.co2_kg + place.co2_kg,
    }),
    { kwh: 0, cost_pence: 0, co2_kg: 0 },
  );
}

/** `/analytics/rooms-usage` and `/analytics/zones-usage`: each place's use over the range. */
export function UsageView({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const id = kind === 'rooms' ? 'rooms-usage' : 'zones-usage';
  const { ranged, loading, error, retry } = useRanged(id);
  const [metric, setMetric] = useState<Metric>('kwh');
  return (
    <Stack spacing={2}>
      <RangeToolbar path={endpoints[id]} file={kind === 'rooms' ? 'room-usage' : 'zone-usage'} />
      <Loaded data={ranged} loading={loading} error={error} retry={retry}>
        {({ range: shown, data: places }) => (
          <ListStates
            count={places.length}
            empty={{
              title: t(`analytics.usage.${kind}.emptyTitle`),
              text: t(`analytics.usage.${kind}.emptyText`),
            }}
          >
            <Stack spacing={2}>
              <RangeLabel range={shown} />
              <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
                <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
                  <MetricSwitch metric={metric} onChange={setMetric} />
                </Stack>
                <figure style={{ margin: 0 }}>
                  <UsageChart places={places} metric={metric} />
                  <Typography component="figcaption" variant="body2" color="text.secondary">
                    {places.some((place) => place.reported)
                      ? t(`analytics.usage.${kind}.caption`, {
                          count: places.length,
                          total: formatFigure(usageTotals(places), metric),
                        })
                      : t('analytics.usage.nothingRecorded')}
                  </Typography>
                </figure>
              </Paper>
              <Paper variant="outlined">
                <UsageTable kind={kind} places={places} />
              </Paper>
              <Typography variant="body2" color="text.secondary">
                {t(`analytics.usage.${kind}.leftOut`)} {t('analytics.usage.costNote')}
              </Typography>
            </Stack>
          </ListStates>
        )}
      </Loaded>
    </Stack>
  );
}
