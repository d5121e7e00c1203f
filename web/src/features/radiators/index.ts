export { radiatorsApi } from './api';
export {
  chooseRadiator,
  fetchRadiators,
  liveSnapshot,
  radiatorsReported,
  radiatorsSlice,
  fleetLive,
  groupChip,
  roomLive,
  roomsLive,
  roomRadiatorsSet,
  withLive,
} from './slice';
export type { GroupLive } from './slice';
export type {
  Clamped,
  GroupState,
  LiveRadiator,
  Radiator,
  RadiatorPayload,
  Reading,
} from './types';
export { RadiatorDetail } from './RadiatorDetail';
export { RadiatorDialog } from './RadiatorDialog';
export { RadiatorsList } from './RadiatorsList';
export { RadiatorsTable } from './RadiatorsTable';
export { useLiveRadiators } from './useLiveRadiators';
export { useLiveReload } from './useLiveReload';
