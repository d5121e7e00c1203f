import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { Heading } from '../../components/Heading';
import { LoadError } from '../../components/ListStates';
import { authClient, type Envelope } from '../../lib/http';
import { formatCount } from '../../lib/units';
import { useAction } from '../../lib/useAction';
import { useLoad } from '../../lib/useLoad';

interface ContactDetails {
  email: string;
  phone: string;
  address: string;
  hours: string;
}

/** The email and the phone number as links a phone or a mail program opens; the rest as text. */
function Detail({ kind, value }: { kind: keyof ContactDetails; value: string }) {
  if (kind === 'email') return <Link href={`mailto:${value}`}>{value}</Link>;
  if (kind === 'phone') return <Link href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</Link>;
  return <>{value}</>;
}

const readDetails = async () =>
  (await authClient.get<Envelope<{ contact_us: ContactDetails }>>('/v2/contact-us')).data.data
    .contact_us;

/** A titled panel of the page, `flex` parts of its row's width on a wide screen. */
function Section({
  id,
  title,
  flex,
  children,
}: {
  id: string;
  title: string;
  flex: number;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, flex, width: '100%' }}
      component="section"
      aria-labelledby={id}
    >
      <Typography id={id} variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The longest message the server takes, in characters. */
const MESSAGE_MAX = 5000;

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
    else if (message.trim().length > MESSAGE_MAX) errors.message = 'contact.messageTooLong';
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
        <Section id="contact-details" title={t('contact.details')} flex={1}>
          {details.error && <LoadError message={details.error} onRetry={details.retry} />}
          {details.value && (
            <Stack component="dl" spacing={1} sx={{ m: 0 }}>
              {(['email', 'phone', 'address', 'hours'] as const).map((key) => (
                <div key={key}>
                  <Typography component="dt" variant="subtitle2">
                    {t(`contact.${key}`)}
                  </Typography>
                  {/* Isolated, so an English address reads right; aligned like the label. */}
                  <Typography component="dd" sx={{ m: 0 }}>
                    <bdi>
                      <Detail kind={key} value={details.value?.[key] ?? ''} />
                    </bdi>
                  </Typography>
                </div>
              ))}
            </Stack>
          )}
        </Section>
        <Section id="contact-form" title={t('contact.write')} flex={2}>
          <Form onSubmit={form.onSubmit(send)}>
            <Stack spacing={2}>
              <FormField label={t('contact.subject')} required {...form.field('subject')} />
              <FormField
                label={t('contact.message')}
                required
                multiline
                minRows={5}
                // How much room is left, before the limit is met.
                helperText={t('contact.messageLength', {
                  used: formatCount(form.values.message.trim().length),
                  max: formatCount(MESSAGE_MAX),
                })}
                {...form.field('message')}
              />
              <div>
                <SubmitButton busy={busy}>{t('contact.send')}</SubmitButton>
              </div>
            </Stack>
          </Form>
        </Section>
      </Stack>
    </>
  );
}
