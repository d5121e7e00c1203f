import { NewSchedule } from '../../features/schedules';

export default function NewSchedulePage() {
  return <NewSchedule />;
}
