import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { AnalyticsView, isVisId } from '../../features/analytics';

export default function AnalyticsViewPage() {
  const { visId } = useParams();
  if (!isVisId(visId)) return <Navigate to={paths.notFound} replace />;
  return <AnalyticsView id={visId} />;
}
