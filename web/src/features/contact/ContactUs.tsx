import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { Heading } from '../../components/Heading';
import { LoadError } from '../../components/ListStates';
import { authClient, type Envelope } from '../../lib/http';
import { useAction } from '../../lib/useAction';
import { useLoad } from '../../lib/useLoad';

interface ContactDetails {
  email: string;
  phone: string;
  address: string;
  hours: string;
}

const readDetails = async () =>
  (await authClient.get<Envelope<{ contact_us: ContactDetails }>>('/v2/contact-us')).data.data
    .contact_us;

/** `/contact-us`: how to reach HeatDesk, and a message to its support. */
export function ContactUs() {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const details = useLoad(readDetails, 'contact details');
  const form = useForm({ subject: '', message: '' }, ({ subject, message }) => {
    const errors: Record<string, string> = {};
    if (!subject.trim()) errors.subject = 'validation.required';
    else if (subject.trim().length > 120) errors.subject = 'contact.subjectTooLong';
    if (!message.trim()) errors.message = 'validation.required';
    return errors;
  });
  const send = (values: { subject: string; message: string }) =>
    run(() => authClient.post<Envelope<object>>('/v2/contact-us', values), {
      onSuccess: () => {
        form.setValue('subject', '');
        form.setValue('message', '');
      },
      onError: form.showServerErrors,
    });

  return (
    <>
      <Heading title={t('nav.contactUs')} intro={t('contact.intro')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Paper
          variant="outlined"
          sx={{ p: 3, flex: 1, width: '100%' }}
          component="section"
          aria-labelledby="contact-details"
        >
          <Typography id="contact-details" variant="h2" gutterBottom>
            {t('contact.details')}
          </Typography>
          {details.error && <LoadError message={details.error} onRetry={details.retry} />}
          {details.value && (
            <Stack component="dl" spacing={1} sx={{ m: 0 }}>
              {(['email', 'phone', 'address', 'hours'] as const).map((key) => (
                <div key={key}>
                  <Typography component="dt" variant="subtitle2">
                    {t(`contact.${key}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }} dir="auto">
                    {details.value?.[key]}
                  </Typography>
                </div>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper
          variant="outlined"
          sx={{ p: 3, flex: 2, width: '100%' }}
          component="section"
          aria-labelledby="contact-form"
        >
          <Typography id="contact-form" variant="h2" gutterBottom>
            {t('contact.write')}
          </Typography>
          <Form onSubmit={form.onSubmit(send)}>
            <Stack spacing={2}>
              <FormField label={t('contact.subject')} required {...form.field('subject')} />
              <FormField
                label={t('contact.message')}
                required
                multiline
                minRows={5}
                {...form.field('message')}
              />
              <div>
                <SubmitButton busy={busy}>{t('contact.send')}</SubmitButton>
              </div>
            </Stack>
          </Form>
        </Paper>
      </Stack>
    </>
  );
}
