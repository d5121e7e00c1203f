import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A search box that reports its term a moment after typing stops. */
export function SearchField({
  label,
  hint,
  onSearch,
}: {
  label: string;
  /** The placeholder; by default "Type part of a name". */
  hint?: string;
  onSearch: (term: string) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(term), 300);
    return () => clearTimeout(timer);
  }, [term, onSearch]);
  return (
    <TextField
      type="search"
      name="search"
      label={label}
      placeholder={hint ?? t('list.searchHint')}
      value={term}
      onChange={(event) => setTerm(event.target.value)}
      sx={{ flex: '1 1 240px', maxWidth: 360 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
