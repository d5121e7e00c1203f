export { roomsApi } from './api';
export { fetchRoomByName, fetchRooms, resetRoom, roomChanged, roomsSlice } from './slice';
export type { Room, RoomDetail as RoomWithRadiators } from './types';
export { AddRoomForm } from './AddRoomForm';
export { RoomCard } from './RoomCard';
export { RoomDetail } from './RoomDetail';
export { RoomsList } from './RoomsList';
export { GroupFigures } from './GroupFigures';
export { roomTargetText } from './target';
