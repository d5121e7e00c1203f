import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  GroupDialogs,
  GroupHeader,
  GroupTemperature,
  type GroupDialog,
} from '../../components/GroupPage';
import { ListSkeleton, ListStates, LoadError } from '../../components/ListStates';
import { GroupSwitch } from '../../components/GroupSwitch';
import { HeatingChip } from '../../components/HeatingChip';
import { paths, roomPath } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { useAction } from '../../lib/useAction';
import { groupChip, roomLive, roomsLive, useLiveReload } from '../radiators';
import { useBusinessSettings } from '../settings';
import { GroupFigures, roomsApi, roomTargetText, type Room } from '../rooms';
import { zonesApi } from './api';
import { fetchZone, zoneChanged } from './slice';
import type { ZoneDetail as ZoneWithRooms } from './types';
import { useRouteId } from '../../lib/routeId';

/** A zone's page; `aside` adds what other features say about the zone (its schedules). */
export function ZoneDetail({ aside }: { aside?: (zone: ZoneWithRooms) => ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run } = useAction();
  const id = useRouteId('cuzone');
  const { zoneToUpdate: zone, error, missing } = useAppSelector((state) => state.zones);
  const live = useAppSelector((state) => state.radiators.live);
  const [dialog, setDialog] = useState<GroupDialog>(null);
  // The business's rooms, to add one; null until read, or when they could not be.
  const [rooms, setRooms] = useState<Room[] | null>(null);
  const freeRooms = rooms?.filter((room) => room.zone_id === null) ?? [];
  const [roomToAdd, setRoomToAdd] = useState('');
  const picker = useRef<HTMLDivElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  const [unchosen, setUnchosen] = useState(false);
  const business = useBusinessSettings();

  const load = useCallback(() => {
    if (id === null) return;
    void dispatch(fetchZone(id));
    roomsApi.list().then(
      ({ data }) => setRooms(data.data.rooms),
      (failure: unknown) => {
        console.error('rooms failed to load', failure);
        setRooms(null);
      },
    );
  }, [dispatch, id]);
  useEffect(load, [load]);
  useLiveReload(load);

  if (id === null || error)
    return (
      <LoadError
        message={error ?? t('zones.missing')}
        onRetry={load}
        missing={id === null || missing}
        back={{ to: paths.zones, name: t('nav.zones') }}
      />
    );
  if (!zone || zone.id !== id) return <ListSkeleton rows={3} height={120} />;
  const summary = roomsLive(
    zone.rooms.map((room) => room.id),
    live,
  );

  return (
    <Stack spacing={2}>
      <GroupHeader group={zone} texts="zones" open={setDialog} />
      <GroupFigures group={zone} live={summary} testId="zone-temperature">
        <Chip
          label={t('zones.counts', { rooms: zone.room_count, radiators: zone.radiator_count })}
        />
        <GroupSwitch
          group={zone}
          label={t('zones.allRadiators')}
          onToggle={(on) =>
            run(() => zonesApi.toggle(zone.id, on), {
              onSuccess: ({ data }) => dispatch(zoneChanged(data.data.zone)),
            })
          }
        />
      </GroupFigures>
      <GroupTemperature
        target={zone.target_temperature}
        shared={zone.shared_target}
        comfort={business?.comfort_setpoint}
        radiators={zone.radiator_count}
        texts="zones"
        apply={(temperature) => zonesApi.setTemperature(zone.id, temperature)}
        onApplied={({ data }) => dispatch(zoneChanged(data.data.zone))}
      />
      {aside?.(zone)}
      <Typography variant="h2">{t('nav.rooms')}</Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          ref={picker}
          select
          name="room_id"
          label={t('zones.addRoom')}
          value={roomToAdd}
          onChange={(event) => {
            setRoomToAdd(event.target.value);
            setUnchosen(false);
          }}
          sx={{ minWidth: 240 }}
          fullWidth={false}
          error={unchosen}
          helperText={
            unchosen
              ? t('zones.chooseRoom')
              : rooms === null
                ? undefined
                : rooms.length === 0
                  ? t('zones.noRoomsYet')
                  : freeRooms.length === 0
                    ? t('zones.noFreeRooms')
                    : undefined
          }
        >
          {freeRooms.map((room) => (
            <MenuItem key={room.id} value={String(room.id)}>
              <bdi>{room.name}</bdi>
            </MenuItem>
          ))}
        </TextField>
        {/* Enabled with no room chosen, so that the focus stays on it after each room added:
            pressed then, it says what is missing. */}
        <Button
          ref={add}
          variant="contained"
          disabled={freeRooms.length === 0}
          onClick={() => {
            if (!roomToAdd) {
              setUnchosen(true);
              return;
            }
            void run(() => zonesApi.addRoom(zone.id, Number(roomToAdd)), {
              onSuccess: () => {
                setRoomToAdd('');
                load();
                // The last free room added disables the button, which drops the focus: it goes
                // to the list, which says that every room is in a zone (unless it went on).
                const focused = document.activeElement;
                const stayed = !focused || focused === document.body || focused === add.current;
                if (freeRooms.length === 1 && stayed)
                  picker.current?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
              },
            });
          }}
        >
          {t('zones.add')}
        </Button>
      </Paper>
      <ListStates
        count={zone.rooms.length}
        empty={{ title: t('zones.noRoomsTitle'), text: t('zones.noRoomsText') }}
      >
        <Paper variant="outlined">
          <List>
            {zone.rooms.map((room) => {
              const summary = roomLive(room.id, live);
              return (
                <ListItem
                  key={room.id}
                  divider
                  sx={{ pr: 14 }}
                  secondaryAction={
                    <Button
                      size="small"
                      color="secondary"
                      onClick={() => setDialog({ member: room })}
                      aria-label={t('zones.removeNamed', { name: room.name })}
                    >
                      {t('zones.remove')}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={roomPath(room.name)}>
                        <bdi>{room.name}</bdi>
                      </Link>
                    }
                    secondary={`${formatCelsius(summary ? summary.current_temperature : room.current_temperature)}\u00a0· ${roomTargetText(room, t)}`}
                  />
                  <Box sx={{ mx: 2 }}>
                    <HeatingChip {...groupChip(room, summary)} />
                  </Box>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      </ListStates>
      <GroupDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        group={zone}
        empty={zone.rooms.length === 0}
        texts="zones"
        takeOutText="remove"
        listPath={paths.zones}
        rename={(name) => zonesApi.rename(zone.id, name)}
        onRenamed={({ data }) => dispatch(zoneChanged(data.data.zone))}
        deleteGroup={() => zonesApi.remove(zone.id)}
        takeOut={(roomId) => zonesApi.removeRoom(zone.id, roomId)}
        onTakenOut={load}
      />
    </Stack>
  );
}
