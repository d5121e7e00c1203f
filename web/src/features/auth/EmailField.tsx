import { useTranslation } from 'react-i18next';
import { FormField, type FieldProps } from '../../components/form';

/** The account's email address, as sign-in, registration and the password reset ask for it. */
export function EmailField({
  form,
  autoFocus,
}: {
  form: { field: (name: 'email') => FieldProps };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      {...form.field('email')}
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      required
      autoFocus={autoFocus}
    />
  );
}
