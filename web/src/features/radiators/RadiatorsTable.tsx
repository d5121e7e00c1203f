import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { HeatingChip } from '../../components/HeatingChip';
import { radiatorPath } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { wideOnly } from '../../lib/responsive';
import { withLive } from './slice';
import type { Radiator } from './types';
import { Unseen } from '../../components/Unseen';

// Narrow screens keep what a person acts on: the room moves beside the uid and the heating
// state below the temperature, and cells pad less.
const narrowOnly = { display: { xs: 'inline-flex', sm: 'none' } } as const;
const narrowBelow = { display: { xs: 'flex', sm: 'none' }, mt: 0.5 } as const;

/** Radiators with their live state; `actions` adds per-row buttons (detach, for a room). */
export function RadiatorsTable({
  radiators,
  onToggle,
  actions,
  showRoom = true,
}: {
  radiators: Radiator[];
  onToggle: (radiator: Radiator, on: boolean) => void;
  actions?: (radiator: Radiator) => ReactNode;
  showRoom?: boolean;
}) {
  const { t } = useTranslation();
  const live = useAppSelector((state) => state.radiators.live);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label={t('nav.radiators')}
        sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } }, '& .MuiButton-root': { minWidth: 0 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('radiators.name')}</TableCell>
            {showRoom && <TableCell sx={wideOnly}>{t('radiators.room')}</TableCell>}
            <TableCell>{t('radiators.current')}</TableCell>
            <TableCell>{t('radiators.target')}</TableCell>
            <TableCell sx={wideOnly}>{t('radiators.state')}</TableCell>
            <TableCell>{t('radiators.onOff')}</TableCell>
            {actions && (
              <TableCell>
                <Unseen>{t('common.actions')}</Unseen>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {radiators.map((loaded) => {
            const radiator = withLive(loaded, live);
            const off = radiator.status !== 1;
            // Below the temperature on a phone, in a column of its own on a wider screen.
            const chip = (
              <HeatingChip
                heating={radiator.heating}
                online={radiator.online}
                on={radiator.status}
                reported={radiator.last_seen !== null}
              />
            );
            return (
              <TableRow key={radiator.id} data-testid={`radiator-${radiator.uid}`}>
                <TableCell>
                  <Link component={RouterLink} to={radiatorPath(radiator.id)}>
                    <bdi>{radiator.name}</bdi>
                  </Link>
                  <br />
                  {/* Each part in its own reading order, a space either side of the dot in either
                      direction (a plain one went missing in Arabic), the line free to break after
                      it. */}
                  <small>
                    <bdi>{radiator.uid}</bdi>
                  </small>
                  {showRoom && (
                    <Box component="small" sx={narrowOnly}>
                      &nbsp;·&nbsp;
                      <wbr />
                      <bdi>{radiator.room_name ?? t('radiators.noRoom')}</bdi>
                    </Box>
                  )}
                </TableCell>
                {showRoom && (
                  <TableCell sx={wideOnly}>
                    <bdi>{radiator.room_name ?? t('radiators.noRoom')}</bdi>
                  </TableCell>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <span data-testid="current-temperature">
                    {formatCelsius(radiator.current_temperature)}
                  </span>
                  <Box sx={narrowBelow}>{chip}</Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: off ? 'text.secondary' : undefined }}>
                  {formatCelsius(radiator.target_temperature)}
                  {/* A radiator switched off heats to nothing: its target waits for it. */}
                  {off && (
                    <>
                      <br />
                      <small>{t('radiators.onceOn')}</small>
                    </>
                  )}
                </TableCell>
                <TableCell sx={wideOnly}>{chip}</TableCell>
                <TableCell>
                  <Switch
                    checked={radiator.status === 1}
                    onChange={(event) => onToggle(radiator, event.target.checked)}
                    slotProps={{
                      input: { 'aria-label': t('radiators.switch', { name: radiator.name }) },
                    }}
                  />
                </TableCell>
                {actions && <TableCell align="right">{actions(radiator)}</TableCell>}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
