import { EditSchedule } from '../../features/schedules';

export default function SchedulePage() {
  return <EditSchedule />;
}
