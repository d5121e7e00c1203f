import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../lib/hooks';
import { endSession } from '../../lib/session';
import { useAction } from '../../lib/useAction';
import { FormField, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { authApi } from './api';
import { password, required, validate } from './validation';

/** Changing the password ends every session, so this one ends too and the user signs in again. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const form = useForm({ old_password: '', new_password: '', confirm_password: '' }, (values) => {
    const errors = validate(values, { old_password: required, new_password: password });
    if (!errors.new_password && values.confirm_password !== values.new_password)
      errors.confirm_password = 'validation.passwordMatch';
    return errors;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    await run(() => authApi.changePassword(form.values.old_password, form.values.new_password), {
      onSuccess: async () => {
        await endSession({ dispatch });
        await navigate(paths.login, { replace: true });
      },
      onError: (failure) => form.showServerErrors(failure.errors),
    });
  };

  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('auth.changeTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('auth.changeIntro')}
        </Typography>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            name="old_password"
            type="password"
            label={t('fields.oldPassword')}
            value={form.values.old_password}
            onChange={form.onChange}
            error={form.errors.old_password}
            autoComplete="current-password"
            required
          />
          <FormField
            name="new_password"
            type="password"
            label={t('fields.newPassword')}
            value={form.values.new_password}
            onChange={form.onChange}
            error={form.errors.new_password}
            autoComplete="new-password"
            required
            helperText={t('validation.passwordLength')}
          />
          <FormField
            name="confirm_password"
            type="password"
            label={t('fields.confirmPassword')}
            value={form.values.confirm_password}
            onChange={form.onChange}
            error={form.errors.confirm_password}
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
            {t('auth.changeSubmit')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
