import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many of a room's or zone's radiators there are and how many of them are on. */
interface Counted {
  radiator_count: number;
  radiators_on: number;
}

/**
 * A room's or zone's switch for every radiator in it. It is on only while every radiator is:
 * with some off it says how many are on, and switching it on switches the rest on. `label` is
 * shown beside it on a group's page; a card names the group in `ariaLabel` instead. While
 * `onToggle`'s promise runs (the change, then what it reads again), the switch shows what was
 * asked, busy, keeps the focus and takes no second click.
 */
export function GroupSwitch({
  group,
  label,
  ariaLabel,
  onToggle,
}: {
  group: Counted;
  label?: string;
  ariaLabel?: string;
  onToggle: (on: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<boolean | null>(null);
  const { radiator_count: count, radiators_on: on } = group;
  const partly = on > 0 && on < count && (
    <Typography variant="caption" color="text.secondary">
      {t('radiators.partlyOn', { on, count })}
    </Typography>
  );
  const toggle = (next: boolean) => {
    if (asked !== null) return;
    setAsked(next);
    void onToggle(next).finally(() => setAsked(null));
  };
  // Busy, it keeps the focus (a disabled input would drop it) and takes no second click.
  const control = (
    <Switch
      checked={asked ?? (count > 0 && on === count)}
      disabled={count === 0}
      onChange={(event) => toggle(event.target.checked)}
      slotProps={{
        input: {
          'aria-label': ariaLabel,
          'aria-busy': asked !== null,
          'aria-disabled': asked !== null,
        },
      }}
    />
  );
  const busy = asked !== null && <CircularProgress size={16} aria-label={t('common.saving')} />;
  if (label === undefined)
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        {partly}
        {busy}
        {control}
      </Stack>
    );
  return (
    <FormControlLabel
      control={control}
      label={
        <Stack>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <span>{label}</span>
            {busy}
          </Stack>
          {partly}
        </Stack>
      }
    />
  );
}
