import { useTranslation } from 'react-i18next';
import { useAppSelector, useSearchLoad } from '../../lib/hooks';
import { SearchListPage } from '../../components/SearchListPage';
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
    <SearchListPage
      title={t('nav.radiators')}
      intro={t('radiators.intro')}
      searchLabel={t('radiators.search')}
      onSearch={setSearch}
      states={{
        count: radiators.length,
        load: { loading: isLoading, error, retry: load },
        search,
        empty: { title: t('radiators.emptyTitle'), text: t('radiators.emptyText') },
      }}
    >
      <RadiatorsTable
        radiators={radiators}
        onToggle={(radiator, on) => void toggle(radiator, on)}
      />
    </SearchListPage>
  );
}
