import { RoomDetail } from '../../features/rooms';

export default function RoomPage() {
  return <RoomDetail />;
}
