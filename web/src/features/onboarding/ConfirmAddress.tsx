import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { FormPage } from '../../components/FormPage';
import { useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { optional, optionalPlace, place, text, ukPostcode, validate } from '../auth';
import { useNextStep } from './useNextStep';
import { onboardingApi } from './api';
import type { AddressPayload } from './types';

/** `/confirm-address`: the business's registered address, as registered, to confirm or correct. */
export function ConfirmAddress() {
  const { t } = useTranslation();
  const nextStep = useNextStep();
  const { run, busy } = useAction();
  const user = useAppSelector((state) => state.auth.user);
  const form = useForm<AddressPayload>(
    {
      business_address_line1: user?.business_address_line1 ?? '',
      business_address_line2: user?.business_address_line2 ?? '',
      business_town: user?.business_town ?? '',
      business_city: user?.business_city ?? '',
      business_post_code: user?.business_post_code ?? '',
    },
    (values) =>
      validate(values, {
        business_address_line1: text,
        business_address_line2: optional,
        business_town: optionalPlace,
        business_city: place,
        business_post_code: ukPostcode,
      }),
  );

  const send = (address: AddressPayload) =>
    run(() => onboardingApi.confirmAddress(address), {
      onSuccess: () => nextStep(),
      onError: form.showServerErrors,
    });

  return (
    <FormPage title={t('pages.confirmAddress')}>
      <Typography sx={{ mb: 2 }}>{t('onboarding.address.intro')}</Typography>
      <Form onSubmit={form.onSubmit(send)}>
        <Stack spacing={2}>
          <FormField
            label={t('fields.addressLine1')}
            required
            {...form.field('business_address_line1')}
          />
          <FormField label={t('fields.addressLine2')} {...form.field('business_address_line2')} />
          <FormField label={t('fields.town')} {...form.field('business_town')} />
          <FormField label={t('fields.city')} required {...form.field('business_city')} />
          <FormField label={t('fields.postCode')} required {...form.field('business_post_code')} />
          <div>
            <SubmitButton busy={busy}>{t('onboarding.address.submit')}</SubmitButton>
          </div>
        </Stack>
      </Form>
    </FormPage>
  );
}
