import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { authClient, type Envelope } from '../../lib/http';
import { useAction } from '../../lib/useAction';

/** As the server limits it: larger files are refused here before they are sent. */
const MAX_BYTES = 2 * 1024 * 1024;
const PATH = '/v2/users/profile-image';

/** The profile image: shown as the server keeps it (a small PNG), and replaced by an upload. */
export function ProfileImage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { run, busy } = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);

  // The image needs the bearer token, so it is read as a blob rather than by an <img> URL;
  // 204 means there is none yet.
  const load = useCallback(() => {
    authClient.get<Blob>(PATH, { responseType: 'blob' }).then(
      (answer) => setUrl(answer.status === 204 ? null : URL.createObjectURL(answer.data)),
      () => setUrl(null),
    );
  }, []);
  useEffect(load, [load]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      enqueueSnackbar(t('profile.image.tooLarge'), { variant: 'error' });
      return;
    }
    const form = new FormData();
    form.append('image', file);
    void run(() => authClient.post<Envelope<object>>(PATH, form), { onSuccess: load });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      component="section"
      aria-label={t('profile.image.title')}
    >
      <Heading variant="h2" title={t('profile.image.title')} intro={t('profile.image.intro')} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
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
        <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
          {t('profile.image.choose')}
        </Button>
      </Stack>
    </Paper>
  );
}
