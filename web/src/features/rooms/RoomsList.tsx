import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector, useSearchLoad } from '../../lib/hooks';
import { CardGrid } from '../../components/CardGrid';
import { SearchListPage } from '../../components/SearchListPage';
import { paths } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { roomsApi } from './api';
import { RoomCard } from './RoomCard';
import { fetchRooms } from './slice';
import { useLiveReload } from '../radiators';

export function RoomsList() {
  const { t } = useTranslation();
  const { run } = useAction();
  const { rooms, isLoading, error } = useAppSelector((state) => state.rooms);
  const { search, setSearch, load } = useSearchLoad(fetchRooms);
  useLiveReload(load);

  const toggle = (id: number, on: boolean) =>
    run(() => roomsApi.toggle(id, on), { onSuccess: load });

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.addRoom}>
      {t('pages.addRoom')}
    </Button>
  );
  return (
    <SearchListPage
      title={t('nav.rooms')}
      action={add}
      intro={t('rooms.intro')}
      searchLabel={t('rooms.search')}
      onSearch={setSearch}
      states={{
        count: rooms.length,
        load: { loading: isLoading, error, retry: load },
        search,
        empty: { title: t('rooms.emptyTitle'), text: t('rooms.emptyText'), action: add },
        skeleton: { rows: 3, height: 160 },
      }}
    >
      <CardGrid items={rooms}>
        {(room) => <RoomCard room={room} onToggle={(on) => toggle(room.id, on)} />}
      </CardGrid>
    </SearchListPage>
  );
}
