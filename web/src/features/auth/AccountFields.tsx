import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormField, type FieldProps } from '../../components/form';

// The fields of the account itself: its email address and its password.

/** The account's email address, as sign-in, registration and the password reset ask for it. */
export function EmailField({
  form,
  label = 'fields.email',
  autoFocus,
}: {
  form: { field: (name: 'email') => FieldProps };
  /** Text key of the label. */
  label?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      {...form.field('email')}
      type="email"
      label={t(label)}
      autoComplete="email"
      required
      autoFocus={autoFocus}
    />
  );
}

/** The password the account has now, as sign-in and the password change ask for it. */
export function CurrentPasswordField<Name extends string>({
  form,
  name,
  label,
  autoFocus,
}: {
  form: { field: (name: Name) => FieldProps };
  name: Name;
  /** Text key of the label. */
  label: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      {...form.field(name)}
      type="password"
      label={t(label)}
      autoComplete="current-password"
      autoFocus={autoFocus}
      required
    />
  );
}

/** A new password with its rule under it, and its confirmation; side by side on wide screens. */
export function NewPasswordFields<Name extends string>({
  form,
  name,
  label,
  autoFocus,
  sideBySide,
}: {
  form: { field: (name: Name | 'confirm_password') => FieldProps };
  name: Name;
  /** Text key of the new password's label. */
  label: string;
  autoFocus?: boolean;
  sideBySide?: boolean;
}) {
  const { t } = useTranslation();
  const fields = [
    <FormField
      key="new"
      {...form.field(name)}
      type="password"
      label={t(label)}
      autoComplete="new-password"
      required
      autoFocus={autoFocus}
      helperText={t('validation.passwordLength')}
    />,
    <FormField
      key="confirm"
      {...form.field('confirm_password')}
      type="password"
      label={t('fields.confirmPassword')}
      autoComplete="new-password"
      required
    />,
  ];
  if (!sideBySide) return fields;
  return (
    <Grid container columnSpacing={2}>
      {fields.map((field) => (
        <Grid key={field.key} size={{ xs: 12, sm: 6 }}>
          {field}
        </Grid>
      ))}
    </Grid>
  );
}
