import { RoomsList } from '../../features/rooms';

export default function RoomsPage() {
  return <RoomsList />;
}
