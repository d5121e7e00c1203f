import { AddRoomForm } from '../../features/rooms';

export default function AddRoomPage() {
  return <AddRoomForm />;
}
