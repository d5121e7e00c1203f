import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField, useForm } from '../../components/form';
import { roomPath } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { roomsApi } from './api';

export function AddRoomForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const form = useForm({ name: '' }, ({ name }) => {
    if (!name.trim()) return { name: 'validation.required' };
    if (name.trim().length > 60) return { name: 'validation.nameTooLong' };
    if (name.trim().toLowerCase() === 'add-room') return { name: 'validation.reservedName' };
    return {};
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    await run(() => roomsApi.create(form.values.name.trim()), {
      onSuccess: ({ data }) => navigate(roomPath(data.data.room.name)),
      onError: (failure) => form.showServerErrors(failure.errors),
    });
  };

  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('pages.addRoom')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            name="name"
            label={t('rooms.name')}
            value={form.values.name}
            onChange={form.onChange}
            error={form.errors.name}
            helperText={t('rooms.nameHelp')}
            required
            autoFocus
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
            {t('rooms.create')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
