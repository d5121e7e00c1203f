import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { fetchMe } from '../auth';
import { energyPreferencesApi } from './api';
import { CARBON_METHODS, type CarbonMethod } from './types';

/**
 * How CO2 is counted, saved as soon as it is chosen; `me` is read again after, and `onSaved`
 * reloads the figures shown beside it (counted the other way now).
 */
export function MethodChoice({ method, onSaved }: { method: CarbonMethod; onSaved: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  // The choice shows at once; a refusal puts back the method `me` tells.
  const [choice, setChoice] = useState(method);

  const choose = (next: CarbonMethod) => {
    setChoice(next);
    void run(() => energyPreferencesApi.setCarbonMethod(next), {
      toast: ({ data }) => data.description ?? data.message ?? t('energyPrefs.method.saved'),
      onSuccess: () => {
        void dispatch(fetchMe());
        onSaved();
      },
      onError: () => setChoice(method),
    });
  };

  return (
    <FormControl disabled={busy}>
      <FormLabel id="carbon-method">{t('energyPrefs.method.label')}</FormLabel>
      <RadioGroup
        aria-labelledby="carbon-method"
        name="carbon_method"
        value={choice}
        onChange={(event) => choose(event.target.value as CarbonMethod)}
      >
        {CARBON_METHODS.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1 }}
            label={
              <>
                <Typography sx={{ pt: 1 }}>{t(`energyPrefs.method.${option}.name`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`energyPrefs.method.${option}.text`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
