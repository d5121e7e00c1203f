import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  GroupDialogs,
  GroupHeader,
  GroupTemperature,
  type GroupDialog,
} from '../../components/GroupPage';
import { GroupSwitch } from '../../components/GroupSwitch';
import { ListSkeleton, ListStates, LoadError } from '../../components/ListStates';
import { paths, roomPath } from '../../config/paths';
import type { Envelope } from '../../lib/http';
import { useAction } from '../../lib/useAction';
import {
  radiatorsApi,
  RadiatorDialog,
  RadiatorsTable,
  roomLive,
  roomRadiatorsSet,
  useLiveReload,
} from '../radiators';
import { useBusinessSettings } from '../settings';
import { roomsApi } from './api';
import { GroupFigures } from './GroupFigures';
import { fetchRoomByName, resetRoom, roomChanged } from './slice';
import type { RoomDetail as Room } from './types';

/** A room's page; `aside` adds what other features say about the room (its schedules). */
export function RoomDetail({ aside }: { aside?: (room: Room) => ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run } = useAction();
  const name = useParams().roomName ?? '';
  const { room, error, missing } = useAppSelector((state) => state.rooms);
  const live = useAppSelector((state) => state.radiators.live);
  const [dialog, setDialog] = useState<GroupDialog<'attach'>>(null);
  const business = useBusinessSettings();

  const load = useCallback(() => void dispatch(fetchRoomByName(name)), [dispatch, name]);
  useLiveReload(load);
  useEffect(() => {
    load();
    return () => {
      dispatch(resetRoom());
    };
  }, [dispatch, load]);

  /** Shows the room that a change answers, and closes the dialog. */
  const changed = ({ data }: { data: Envelope<{ room: Room }> }) => {
    const { room } = data.data;
    dispatch(roomChanged(room));
    // The live reports keep the room they were sent with until the radiators report again.
    dispatch(roomRadiatorsSet({ roomId: room.id, radiatorIds: room.radiators.map((r) => r.id) }));
    setDialog(null);
    // Renamed meanwhile (in another tab): its address follows its name.
    if (room.name.toLowerCase() !== name.toLowerCase())
      void navigate(roomPath(room.name), { replace: true });
  };

  if (error)
    return (
      <LoadError
        message={error}
        onRetry={load}
        missing={missing}
        back={{ to: paths.rooms, name: t('nav.rooms') }}
      />
    );
  if (!room || room.name.toLowerCase() !== name.toLowerCase())
    return <ListSkeleton rows={3} height={120} />;
  const summary = roomLive(room.id, live);

  return (
    <Stack spacing={2}>
      <GroupHeader group={room} texts="rooms" open={setDialog} />
      <GroupFigures group={room} live={summary} testId="room-temperature">
        {room.zone_name && <Chip label={t('rooms.zone', { name: room.zone_name })} />}
        <GroupSwitch
          group={room}
          label={t('rooms.allRadiators')}
          onToggle={(on) => run(() => roomsApi.toggle(room.id, on), { onSuccess: changed })}
        />
      </GroupFigures>
      <GroupTemperature
        target={room.target_temperature}
        shared={room.shared_target}
        comfort={business?.comfort_setpoint}
        radiators={room.radiators.length}
        texts="rooms"
        apply={(temperature: number) => roomsApi.setTemperature(room.id, temperature)}
        onApplied={changed}
      />
      {aside?.(room)}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h2">{t('nav.radiators')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('attach')}>
          {t('rooms.attach')}
        </Button>
      </Stack>
      <ListStates
        count={room.radiators.length}
        empty={{ title: t('rooms.noRadiatorsTitle'), text: t('rooms.noRadiatorsText') }}
      >
        <RadiatorsTable
          radiators={room.radiators}
          showRoom={false}
          onToggle={(radiator, on) =>
            void run(() => radiatorsApi.toggle(room.id, radiator.id, on), { onSuccess: load })
          }
          actions={(radiator) => (
            <Button
              size="small"
              color="secondary"
              onClick={() => setDialog({ member: radiator })}
              aria-label={t('rooms.detachNamed', { name: radiator.name })}
            >
              {t('rooms.detach')}
            </Button>
          )}
        />
      </ListStates>
      {dialog === 'attach' && (
        <RadiatorDialog
          open
          withUid
          title={t('rooms.attachTitle', { name: room.name })}
          submit={t('rooms.attach')}
          onClose={() => setDialog(null)}
          save={(payload) => roomsApi.attach(room.id, payload)}
          onSaved={changed}
        />
      )}
      <GroupDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        group={room}
        empty={room.radiators.length === 0}
        texts="rooms"
        takeOutText="detach"
        listPath={paths.rooms}
        rename={(newName) => roomsApi.rename(room.id, newName)}
        onRenamed={async (answer) => {
          changed(answer);
          await navigate(roomPath(answer.data.data.room.name), { replace: true });
        }}
        deleteGroup={() => roomsApi.remove(room.id)}
        takeOut={(radiatorId) => roomsApi.detach(room.id, radiatorId)}
        onTakenOut={changed}
      />
    </Stack>
  );
}
