import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormField, type FieldProps } from '../../components/form';

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
