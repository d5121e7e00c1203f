import { UpdateSchedule } from '../../features/schedules';

export default function UpdateSchedulePage() {
  return <UpdateSchedule />;
}
