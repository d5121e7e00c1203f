import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { GroupSwitch } from '../../components/GroupSwitch';
import { HeatingChip } from '../../components/HeatingChip';
import { roomPath } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { groupChip, roomLive } from '../radiators';
import type { Room } from './types';
import { roomTargetText } from './target';

/** A room at a glance: live temperature, target, heating, radiators, and its switch. */
export function RoomCard({
  room,
  onToggle,
}: {
  room: Room;
  onToggle: (on: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const live = roomLive(
    room.id,
    useAppSelector((state) => state.radiators.live),
  );
  const current = live ? live.current_temperature : room.current_temperature;
  return (
    <Card variant="outlined" data-testid={`room-${room.name}`}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
        >
          <Typography variant="h2" component="h2">
            <Link component={RouterLink} to={roomPath(room.name)} underline="hover" color="inherit">
              <bdi>{room.name}</bdi>
            </Link>
          </Typography>
          {room.zone_name && <Chip size="small" label={<bdi>{room.zone_name}</bdi>} />}
        </Stack>
        <Typography variant="h3" component="p" sx={{ mt: 1 }} data-testid="room-temperature">
          {formatCelsius(current)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {roomTargetText(room, t)}&nbsp;·{' '}
          {t('rooms.radiatorCount', { count: room.radiator_count })}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2 }}>
        <HeatingChip {...groupChip(room, live)} />
        <GroupSwitch
          group={room}
          ariaLabel={t('rooms.switch', { name: room.name })}
          onToggle={onToggle}
        />
      </CardActions>
    </Card>
  );
}
