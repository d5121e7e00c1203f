import Alert from '@mui/material/Alert';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector, useSearchLoad } from '../../lib/hooks';
import { SearchListPage } from '../../components/SearchListPage';
import { radiatorPath } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { radiatorsApi } from './api';
import { RadiatorDialog, type RoomChoice } from './RadiatorDialog';
import { RadiatorsTable } from './RadiatorsTable';
import { fetchRadiators } from './slice';
import type { Radiator } from './types';
import { useLiveReload } from './useLiveReload';

/** The business's radiators; `rooms` are those a new one can be put in. */
export function RadiatorsList({ rooms }: { rooms?: RoomChoice[] }) {
  const { t } = useTranslation();
  const { run } = useAction();
  const { search, setSearch, load } = useSearchLoad(fetchRadiators);
  useLiveReload(load);
  const { radiators, simulated, isLoading, error } = useAppSelector((state) => state.radiators);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  const toggle = (radiator: Radiator, on: boolean) =>
    run(() => radiatorsApi.toggle(radiator.room_id, radiator.id, on), { onSuccess: load });

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      {t('radiators.add')}
    </Button>
  );
  return (
    <>
      <SearchListPage
        title={t('nav.radiators')}
        action={add}
        intro={t('radiators.intro')}
        notice={
          simulated && (
            <Alert severity="info" role="note">
              {t('radiators.simulated')}
            </Alert>
          )
        }
        searchLabel={t('radiators.search')}
        searchHint={t('radiators.searchHint')}
        onSearch={setSearch}
        states={{
          count: radiators.length,
          load: { loading: isLoading, error, retry: load },
          search,
          empty: { title: t('radiators.emptyTitle'), text: t('radiators.emptyText'), action: add },
        }}
      >
        <RadiatorsTable
          radiators={radiators}
          onToggle={(radiator, on) => void toggle(radiator, on)}
        />
      </SearchListPage>
      {adding && (
        <RadiatorDialog
          open
          withUid
          rooms={rooms}
          title={t('radiators.add')}
          submit={t('radiators.add')}
          onClose={() => setAdding(false)}
          save={(payload) => radiatorsApi.create(payload)}
          onSaved={({ data }) => navigate(radiatorPath(data.data.radiator.id))}
        />
      )}
    </>
  );
}
