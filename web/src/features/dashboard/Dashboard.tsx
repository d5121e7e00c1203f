import DoneIcon from '@mui/icons-material/Done';
import EditIcon from '@mui/icons-material/Edit';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../components/ListStates';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { LatestInsights } from '../insights';
import { LatestNotifications } from '../notifications';
import { fleetLive } from '../radiators';
import { loadLayouts, resetLayouts, saveLayouts, type Layouts, type WidgetId } from './layout';
import { RoomsWidget } from './RoomsWidget';
import { fetchDashboard } from './slice';
import type { Dashboard as Figures } from './types';
import { WidgetGrid, type WidgetContent } from './WidgetGrid';
import {
  BudgetWidget,
  Co2Widget,
  SchedulesWidget,
  TemperaturesWidget,
  TodayWidget,
  WeekWidget,
  WidgetLink,
} from './widgets';

/** The figures refresh this often while the home screen is open. */
const REFRESH_MS = 60_000;

// At least a few lines tall where the widget takes its content's height (on a phone).
const placeholder = <Skeleton variant="rounded" height="100%" sx={{ minHeight: 96 }} />;

/** The home screen: the business's widgets, which the user can rearrange and resize. */
export default function HomeDashboard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const businessName = useAppSelector((state) => state.auth.user?.business_name ?? '');
  const { dashboardData: data, week, error } = useAppSelector((state) => state.dashboard);
  const [layouts, setLayouts] = useState(loadLayouts);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => void dispatch(fetchDashboard()), [dispatch]);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  // A radiator coming online or going quiet changes the indoor temperature and the counts: the
  // figures follow the live stream then, not up to a minute later.
  const liveOnline = useAppSelector((state) => fleetLive(state.radiators.live)?.online ?? 0);
  const heardOnline = useRef(liveOnline);
  useEffect(() => {
    if (liveOnline !== heardOnline.current) load();
    heardOnline.current = liveOnline;
  }, [liveOnline, load]);

  const change = (next: Layouts) => {
    setLayouts(next);
    saveLayouts(next);
  };
  const figures = (render: (figures: Figures) => ReactNode) => (data ? render(data) : placeholder);
  const widgets: Record<WidgetId, WidgetContent> = {
    today: {
      title: t('dashboard.today.title'),
      content: figures((figures) => <TodayWidget today={figures.today} />),
    },
    budget: {
      title: t('dashboard.budget.title'),
      content: figures((figures) => <BudgetWidget month={figures.month} />),
    },
    co2: {
      title: t('dashboard.co2.title'),
      action: <WidgetLink to={paths.compareCo2}>{t('dashboard.co2.compare')}</WidgetLink>,
      content: figures((figures) => <Co2Widget co2={figures.co2_saved} />),
    },
    chart: {
      title: t('dashboard.chart.title'),
      action: <WidgetLink to={paths.analytics}>{t('nav.analytics')}</WidgetLink>,
      content: week ? <WeekWidget week={week} /> : placeholder,
    },
    rooms: {
      title: t('dashboard.rooms.title'),
      action: <WidgetLink to={paths.rooms}>{t('dashboard.rooms.all')}</WidgetLink>,
      content: <RoomsWidget radiators={data?.radiators} />,
    },
    temperatures: {
      title: t('dashboard.temperatures.title'),
      content: figures((figures) => <TemperaturesWidget dashboard={figures} />),
    },
    schedules: {
      title: t('nav.schedules'),
      action: <WidgetLink to={paths.schedules}>{t('dashboard.schedules.view')}</WidgetLink>,
      content: figures((figures) => (
        <SchedulesWidget count={figures.active_schedules} closed={figures.next_closed_days} />
      )),
    },
    notifications: {
      title: t('dashboard.notifications'),
      content: (
        <>
          <LatestInsights />
          <LatestNotifications />
        </>
      ),
    },
  };

  return (
    <Stack spacing={2}>
      <PageHeader title={t('home.welcome', { name: businessName })}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {editing && (
            <Button
              variant="outlined"
              startIcon={<RestartAltIcon />}
              onClick={() => setLayouts(resetLayouts())}
            >
              {t('dashboard.reset')}
            </Button>
          )}
          <Button
            variant={editing ? 'contained' : 'outlined'}
            startIcon={editing ? <DoneIcon /> : <EditIcon />}
            onClick={() => setEditing(!editing)}
          >
            {editing ? t('dashboard.done') : t('dashboard.edit')}
          </Button>
        </Stack>
      </PageHeader>
      {editing && <Alert severity="info">{t('dashboard.editHelp')}</Alert>}
      {data?.radiators.total === 0 && (
        <Alert
          severity="info"
          role="note"
          data-testid="first-steps"
          action={
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={paths.addRoom} color="inherit">
                {t('dashboard.firstSteps.addRoom')}
              </Button>
              <Button component={RouterLink} to={paths.radiators} color="inherit">
                {t('dashboard.firstSteps.addRadiator')}
              </Button>
            </Stack>
          }
        >
          {t('dashboard.firstSteps.text')}
        </Alert>
      )}
      {error && <LoadError message={error} onRetry={load} />}
      <WidgetGrid layouts={layouts} editing={editing} onChange={change} widgets={widgets} />
    </Stack>
  );
}
