import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HeatingChip } from '../../components/HeatingChip';
import { LoadError, ListSkeleton } from '../../components/ListStates';
import { paths, roomPath } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fleetLive, groupChip, roomLive, useLiveReload } from '../radiators';
import { fetchRooms, type Room } from '../rooms';
import { WidgetLink } from './widgets';
import type { Dashboard } from './types';

function RoomRow({ room }: { room: Room }) {
  const live = roomLive(
    room.id,
    useAppSelector((state) => state.radiators.live),
  );
  const current = live ? live.current_temperature : room.current_temperature;
  return (
    <ListItem divider disableGutters data-testid={`live-room-${room.name}`} sx={{ gap: 1 }}>
      <Link
        component={RouterLink}
        to={roomPath(room.name)}
        underline="hover"
        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        <bdi>{room.name}</bdi>
      </Link>
      <HeatingChip {...groupChip(room, live)} />
      {/* Last and end-aligned, so that the temperatures stand in one column whatever the chip. */}
      <Typography
        component="span"
        sx={{ fontWeight: 700, minWidth: '4.5em', textAlign: 'end' }}
        data-testid="room-temperature"
      >
        {formatCelsius(current)}
      </Typography>
    </ListItem>
  );
}

/** Every room's live temperature and heating, with how many radiators report and heat. */
export function RoomsWidget({ radiators }: { radiators?: Dashboard['radiators'] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { rooms, isLoading, error } = useAppSelector((state) => state.rooms);
  // The counts follow the live stream, like the rooms' chips, once it has reported.
  const live = fleetLive(useAppSelector((state) => state.radiators.live));
  const load = () => void dispatch(fetchRooms(''));
  useEffect(() => void dispatch(fetchRooms('')), [dispatch]);
  useLiveReload(load);
  if (error) return <LoadError message={error} onRetry={load} />;
  if (isLoading && rooms.length === 0) return <ListSkeleton rows={3} height={36} />;
  return (
    <Stack spacing={0.5}>
      {radiators && (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.rooms.radiators', {
            count: radiators.total,
            online: live?.online ?? radiators.online,
            total: radiators.total,
            heating: live?.heating ?? radiators.heating,
          })}
        </Typography>
      )}
      {rooms.length === 0 ? (
        <Typography variant="body2">
          {t('rooms.emptyTitle')}. <WidgetLink to={paths.addRoom}>{t('pages.addRoom')}</WidgetLink>
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('dashboard.rooms.title')}>
          {rooms.map((room) => (
            <RoomRow key={room.id} room={room} />
          ))}
        </List>
      )}
    </Stack>
  );
}
