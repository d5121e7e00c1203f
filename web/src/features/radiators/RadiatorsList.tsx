import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector, useSearchLoad } from '../../lib/hooks';
import { ListStates } from '../../components/ListStates';
import { SearchField } from '../../components/SearchField';
import { useAction } from '../../lib/useAction';
import { radiatorsApi } from './api';
import { RadiatorsTable } from './RadiatorsTable';
import { fetchRadiators } from './slice';
import type { Radiator } from './types';

export function RadiatorsList() {
  const { t } = useTranslation();
  const { run } = useAction();
  const { search, setSearch, load } = useSearchLoad(fetchRadiators);
  const { radiators, isLoading, error } = useAppSelector((state) => state.radiators);

  const toggle = (radiator: Radiator, on: boolean) =>
    run(() => radiatorsApi.toggle(radiator.room_id, radiator.id, on), { onSuccess: load });

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('nav.radiators')}</Typography>
      <Typography color="text.secondary">{t('radiators.intro')}</Typography>
      <SearchField label={t('radiators.search')} onSearch={setSearch} />
      <ListStates
        count={radiators.length}
        load={{ loading: isLoading, error, retry: load }}
        search={search}
        empty={{ title: t('radiators.emptyTitle'), text: t('radiators.emptyText') }}
      >
        <RadiatorsTable
          radiators={radiators}
          onToggle={(radiator, on) => void toggle(radiator, on)}
        />
      </ListStates>
    </Stack>
  );
}
