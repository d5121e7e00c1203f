import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { useAppDispatch } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { profileImageApi } from './api';
import { fetchProfileImage } from './slice';
import { useProfileImage } from './useProfileImage';

/** As the server limits it: larger files are refused here before they are sent. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * The profile image: shown as the server keeps it (a small PNG), replaced by an upload or
 * removed; what went wrong stays under the buttons until the next try.
 */
export function ProfileImage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const url = useProfileImage();
  const [error, setError] = useState<string | null>(null);

  const change = (call: () => Promise<unknown>, then?: () => void) => {
    setError(null);
    void run(call, {
      onSuccess: () => {
        void dispatch(fetchProfileImage());
        then?.();
      },
      onError: (failure) => setError(failure.description),
    });
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t('profile.image.tooLarge'));
      return;
    }
    const form = new FormData();
    form.append('image', file);
    change(() => profileImageApi.upload(form));
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      component="section"
      aria-label={t('profile.image.title')}
    >
      <Heading variant="h2" title={t('profile.image.title')} intro={t('profile.image.intro')} />
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar
          src={url ?? undefined}
          alt={t('profile.image.alt')}
          sx={{ width: 96, height: 96 }}
        />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          onChange={choose}
          aria-label={t('profile.image.choose')}
        />
        <Button
          ref={chooseButton}
          variant="outlined"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {t('profile.image.choose')}
        </Button>
        {url && (
          <Button
            color="secondary"
            disabled={busy}
            // The button goes with the image: the focus moves to the one that stays.
            onClick={() => change(profileImageApi.remove, () => chooseButton.current?.focus())}
          >
            {t('profile.image.remove')}
          </Button>
        )}
      </Stack>
      {error && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      )}
    </Paper>
  );
}
