import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/units';
import { ListStates, type ListStatesProps } from './ListStates';
import { PageHeader } from './PageHeader';
import { SearchField } from './SearchField';
import { Unseen } from './Unseen';

/**
 * A page of the business's rooms, zones, radiators or schedules: the title with its action, what
 * the page is for, a search (with `filters` beside it), and the list in its states. What a
 * search found is said to screen readers, which do not see the list change.
 */
export function SearchListPage({
  title,
  action,
  intro,
  notice,
  searchLabel,
  searchHint,
  onSearch,
  filters,
  states,
  children,
}: {
  title: string;
  action?: ReactNode;
  intro: string;
  /** What the reader should know of the whole list, under the intro. */
  notice?: ReactNode;
  searchLabel: string;
  /** What may be typed, when more than part of a name. */
  searchHint?: string;
  onSearch: (term: string) => void;
  filters?: ReactNode;
  states: Omit<ListStatesProps, 'children'>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { count, search, load } = states;
  const found =
    !search || load?.loading
      ? ''
      : count === 0
        ? t('list.noMatch')
        : t('list.results', { count: formatCount(count) });
  return (
    <Stack spacing={2}>
      <PageHeader title={title}>{action}</PageHeader>
      <Typography color="text.secondary">{intro}</Typography>
      {notice}
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField label={searchLabel} hint={searchHint} onSearch={onSearch} />
        {filters}
      </Stack>
      <Unseen role="status">{found}</Unseen>
      <ListStates {...states}>{children}</ListStates>
    </Stack>
  );
}
