import { SchedulesList } from '../../features/schedules';

export default function SchedulesPage() {
  return <SchedulesList />;
}
