import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HeatingChip } from '../../components/HeatingChip';
import { ListStates } from '../../components/ListStates';
import { roomPath } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { roomLive, type LiveRadiator } from '../radiators';
import { fetchRooms, groupTargetValue, type Room } from '../rooms';

/**
 * A room as it is now: the live stream's temperature and heating over the loaded ones, and how
 * many online radiators its temperature is the mean of.
 */
export interface RoomNow {
  room: Room;
  temperature: number | null;
  reporting: number;
  heating: number;
}

export function roomsNow(rooms: Room[], live: Record<number, LiveRadiator>): RoomNow[] {
  return rooms.map((room) => {
    const reported = roomLive(room.id, live);
    if (reported) {
      const { current_temperature: temperature, online: reporting, heating } = reported;
      return { room, temperature, reporting, heating };
    }
    // Before the stream has heard the room: the loaded mean, counted as all its radiators.
    const temperature = room.current_temperature;
    const reporting = temperature === null ? 0 : room.radiator_count;
    return { room, temperature, reporting, heating: room.heating };
  });
}

/**
 * The mean temperature of the rooms' online radiators, as Home and Zones show it (a room with
 * more radiators, most often a larger one, counts for more); null with none online.
 */
export function averageTemperature(rooms: RoomNow[]) {
  let sum = 0;
  let reporting = 0;
  for (const now of rooms) {
    if (now.temperature === null || now.reporting === 0) continue;
    sum += now.temperature * now.reporting;
    reporting += now.reporting;
  }
  return reporting === 0 ? null : sum / reporting;
}

/** The building's rooms with their live state, loaded when it opens. */
export function useRoomsNow() {
  const dispatch = useAppDispatch();
  const { rooms, isLoading, error } = useAppSelector((state) => state.rooms);
  const live = useAppSelector((state) => state.radiators.live);
  const load = useCallback(() => void dispatch(fetchRooms('')), [dispatch]);
  useEffect(load, [load]);
  return { rooms: roomsNow(rooms, live), isLoading, error, load };
}

interface Floor {
  key: string;
  name: string | null;
  rooms: RoomNow[];
}

/** Floors are the zones (a building's floors are its zones, as in the demo), in the order they
 * were made; rooms in no zone come last. */
function floorsOf(rooms: RoomNow[]): Floor[] {
  const floors = new Map<number | null, Floor>();
  for (const now of [...rooms].sort((a, b) => a.room.name.localeCompare(b.room.name))) {
    const id = now.room.zone_id;
    const floor = floors.get(id) ?? { key: String(id), name: now.room.zone_name, rooms: [] };
    floor.rooms.push(now);
    floors.set(id, floor);
  }
  return [...floors.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([, floor]) => floor);
}

function RoomTile({ now }: { now: RoomNow }) {
  const { t } = useTranslation();
  const { room } = now;
  // Switched off (a room without radiators has nothing to switch).
  const off = room.status !== 1 && room.radiator_count > 0;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`office-room-${room.name}`}>
      <CardContent>
        <Typography variant="h3" component="h3" noWrap>
          <Link component={RouterLink} to={roomPath(room.name)} underline="hover" color="inherit">
            {room.name}
          </Link>
        </Typography>
        <Typography variant="h2" component="p" sx={{ my: 0.5 }}>
          {formatCelsius(now.temperature)}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {off
            ? t('energyPrefs.office.switchedOff')
            : t('energyPrefs.office.setpoint', { value: groupTargetValue(room) })}
        </Typography>
        <HeatingChip
          heating={now.heating}
          online={now.temperature === null ? 0 : 1}
          on={off ? 0 : 1}
          radiators={room.radiator_count}
        />
      </CardContent>
    </Card>
  );
}

function FloorSection({ floor }: { floor: Floor }) {
  const { t } = useTranslation();
  const average = averageTemperature(floor.rooms);
  const heating = floor.rooms.filter((now) => now.heating === 1).length;
  const name = floor.name ?? t('energyPrefs.office.noFloor');
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={name}>
      <Typography variant="h2">{name}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('energyPrefs.office.floorSummary', {
          rooms: floor.rooms.length,
          average: formatCelsius(average),
          heating,
        })}
      </Typography>
      <Grid container spacing={2}>
        {floor.rooms.map((now) => (
          <Grid key={now.room.id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
            <RoomTile now={now} />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

/** `/preferences/entire-office`: the whole building, floor by floor, live. */
export function EntireOffice() {
  const { t } = useTranslation();
  const { rooms, isLoading, error, load } = useRoomsNow();
  const floors = floorsOf(rooms);
  const heating = rooms.filter((now) => now.heating === 1).length;
  return (
    <ListStates
      count={rooms.length}
      load={{ loading: isLoading, error, retry: load }}
      empty={{ title: t('rooms.emptyTitle'), text: t('rooms.emptyText') }}
      skeleton={{ rows: 3, height: 160 }}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary" data-testid="office-summary">
          {t('energyPrefs.office.summary', {
            rooms: rooms.length,
            floors: floors.filter((floor) => floor.name !== null).length,
            average: formatCelsius(averageTemperature(rooms)),
            heating,
          })}
        </Typography>
        {floors.map((floor) => (
          <FloorSection key={floor.key} floor={floor} />
        ))}
      </Stack>
    </ListStates>
  );
}
