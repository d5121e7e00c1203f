import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { Form, SubmitButton, useForm } from '../../components/form';
import { useUnsavedChanges } from '../../components/UnsavedChanges';
import { useAction } from '../../lib/useAction';
import {
  ProfileFields,
  profilePayload,
  updateProfile,
  validateProfile,
  type ProfileValues,
  type User,
} from '../auth';
import { ChangeEmail } from './ChangeEmail';

function valuesOf(user: User | null): ProfileValues {
  return {
    business_name: user?.business_name ?? '',
    last_name: user?.last_name ?? '',
    mobile: user?.mobile ?? '',
    address_line1: user?.address_line1 ?? '',
    address_line2: user?.address_line2 ?? '',
    town: user?.town ?? '',
    city: user?.city ?? '',
    post_code: user?.post_code ?? '',
    is_same_address: user?.is_same_address === 0 ? '0' : '1',
    business_address_line1: user?.business_address_line1 ?? '',
    business_address_line2: user?.business_address_line2 ?? '',
    business_town: user?.business_town ?? '',
    business_city: user?.business_city ?? '',
    business_post_code: user?.business_post_code ?? '',
  };
}

export function ProfileForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run } = useAction();
  const user = useAppSelector((state) => state.auth.user);
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const form = useForm(valuesOf(user), (values) => validateProfile(values));
  // The values last sent and saved: the server may tidy them (a post code in capitals), and
  // once saved the page may be left again.
  const [saved, setSaved] = useState<string | null>(null);
  const shown = JSON.stringify(form.values);
  const unsaved = useUnsavedChanges(shown !== JSON.stringify(valuesOf(user)) && shown !== saved);

  const send = (values: ProfileValues) =>
    run(() => dispatch(updateProfile(profilePayload(values))).unwrap(), {
      toast: () => t('profile.saved'),
      onSuccess: () => setSaved(JSON.stringify(values)),
      onError: form.showServerErrors,
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Form onSubmit={form.onSubmit(send)}>
        <ProfileFields form={form} emailField={<ChangeEmail current={user?.email ?? ''} />} />
        <Box sx={{ mt: 3 }}>
          <SubmitButton busy={isLoading}>{t('profile.save')}</SubmitButton>
        </Box>
      </Form>
      {unsaved.dialog}
    </Paper>
  );
}
