import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppSelector, useSearchLoad } from '../../lib/hooks';
import { CardGrid } from '../../components/CardGrid';
import { SearchListPage } from '../../components/SearchListPage';
import { NameDialog } from '../../components/NameDialog';
import { GroupSwitch } from '../../components/GroupSwitch';
import { HeatingChip } from '../../components/HeatingChip';
import { zonePath } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { useAction } from '../../lib/useAction';
import { groupChip } from '../radiators';
import { zonesApi } from './api';
import { fetchZones } from './slice';
import { useLiveReload } from '../radiators';

export function ZonesList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, setSearch, load } = useSearchLoad(fetchZones);
  useLiveReload(load);
  const { zones, isLoading, error } = useAppSelector((state) => state.zones);
  const [creating, setCreating] = useState(false);
  const { run } = useAction();

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      {t('zones.create')}
    </Button>
  );
  return (
    <>
      <SearchListPage
        title={t('nav.zones')}
        action={add}
        intro={t('zones.intro')}
        searchLabel={t('zones.search')}
        onSearch={setSearch}
        states={{
          count: zones.length,
          load: { loading: isLoading, error, retry: load },
          search,
          empty: { title: t('zones.emptyTitle'), text: t('zones.emptyText'), action: add },
          skeleton: { rows: 3, height: 120 },
        }}
      >
        <CardGrid items={zones}>
          {(zone) => (
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h2">
                  <Link
                    component={RouterLink}
                    to={zonePath(zone.id)}
                    underline="hover"
                    color="inherit"
                  >
                    <bdi>{zone.name}</bdi>
                  </Link>
                </Typography>
                <Typography variant="h3" component="p" sx={{ mt: 1 }}>
                  {formatCelsius(zone.current_temperature)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('zones.counts', { rooms: zone.room_count, radiators: zone.radiator_count })}
                </Typography>
              </CardContent>
              <CardActions sx={{ justifyContent: 'space-between', px: 2 }}>
                <HeatingChip {...groupChip(zone, null)} />
                <GroupSwitch
                  group={zone}
                  ariaLabel={t('zones.switch', { name: zone.name })}
                  onToggle={(on) => run(() => zonesApi.toggle(zone.id, on), { onSuccess: load })}
                />
              </CardActions>
            </Card>
          )}
        </CardGrid>
      </SearchListPage>
      {creating && (
        <NameDialog
          open
          title={t('zones.create')}
          label={t('zones.name')}
          submit={t('zones.create')}
          onClose={() => setCreating(false)}
          save={(name) => zonesApi.create(name)}
          onSaved={({ data }) => navigate(zonePath(data.data.zone.id))}
        />
      )}
    </>
  );
}
