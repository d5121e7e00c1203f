import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, type FieldProps } from '../../components/form';
import type { ProfileText } from './types';
import {
  mobile,
  optional,
  optionalPlace,
  place,
  text,
  ukPostcode,
  validate,
  type Check,
} from './validation';

/** The profile as the forms hold it; `business_name` doubles as `first_name` when sent. */
export interface ProfileValues extends ProfileText, Record<string, string> {
  is_same_address: '1' | '0';
}

export const emptyProfile: ProfileValues = {
  business_name: '',
  last_name: '',
  mobile: '',
  address_line1: '',
  address_line2: '',
  town: '',
  city: '',
  post_code: '',
  is_same_address: '1',
  business_address_line1: '',
  business_address_line2: '',
  business_town: '',
  business_city: '',
  business_post_code: '',
};

export function validateProfile<T extends ProfileValues>(
  values: T,
  extra: Partial<Record<keyof T, Check>> = {},
) {
  const checks: Partial<Record<keyof T, Check>> = {
    business_name: text,
    last_name: text,
    mobile,
    address_line1: text,
    address_line2: optional,
    town: optionalPlace,
    city: place,
    post_code: ukPostcode,
    ...extra,
  } as Partial<Record<keyof T, Check>>;
  if (values.is_same_address === '0') {
    Object.assign(checks, {
      business_address_line1: text,
      business_address_line2: optional,
      business_town: optionalPlace,
      business_city: place,
      business_post_code: ukPostcode,
    });
  }
  return validate(values, checks);
}

/** The API payload of profile values (DESIGN.md §3's mapping). */
export function profilePayload(values: ProfileValues) {
  const same = values.is_same_address === '1';
  const trading = [
    values.address_line1,
    values.address_line2,
    values.town,
    values.city,
    values.post_code,
  ];
  const registered = same
    ? trading
    : [
        values.business_address_line1,
        values.business_address_line2,
        values.business_town,
        values.business_city,
        values.business_post_code,
      ];
  return {
    first_name: values.business_name.trim(),
    last_name: values.last_name.trim(),
    business_name: values.business_name.trim(),
    mobile: values.mobile.trim(),
    address_line1: trading[0].trim(),
    address_line2: trading[1].trim(),
    town: trading[2].trim(),
    city: trading[3].trim(),
    post_code: trading[4].trim(),
    is_same_address: (same ? 1 : 0) as 0 | 1,
    business_address_line1: registered[0].trim(),
    business_address_line2: registered[1].trim(),
    business_town: registered[2].trim(),
    business_city: registered[3].trim(),
    business_post_code: registered[4].trim(),
  };
}

/** What the profile fields need of a form: `useForm`'s, for profile values or more. */
interface ProfileForm {
  values: ProfileValues;
  errors: Partial<Record<string, string>>;
  field: (name: keyof ProfileValues & string) => FieldProps;
  setValue: (name: 'is_same_address', value: '0' | '1') => void;
}

const ADDRESS_FIELDS = [
  ['address_line1', 'fields.addressLine1', 'address-line1', false],
  ['address_line2', 'fields.addressLine2', 'address-line2', false],
  ['town', 'fields.town', 'address-level3', true],
  ['city', 'fields.city', 'address-level2', true],
  ['post_code', 'fields.postCode', 'postal-code', true],
] as const;

function AddressFields({ prefix, form }: { prefix: '' | 'business_'; form: ProfileForm }) {
  const { t } = useTranslation();
  return (
    <Grid container columnSpacing={2}>
      {ADDRESS_FIELDS.map(([name, label, autoComplete, half]) => (
        <Grid key={name} size={{ xs: 12, sm: half ? 6 : 12 }}>
          <FormField
            {...form.field(`${prefix}${name}`)}
            label={t(label)}
            autoComplete={autoComplete}
            required={name !== 'address_line2' && name !== 'town'}
          />
        </Grid>
      ))}
    </Grid>
  );
}

/** Business, contact and address fields shared by registration and the profile. */
export function ProfileFields({ form, emailField }: { form: ProfileForm; emailField?: ReactNode }) {
  const { t } = useTranslation();
  const section = (title: string) => (
    <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
      {t(title)}
    </Typography>
  );
  const half = (field: ReactNode) => <Grid size={{ xs: 12, sm: 6 }}>{field}</Grid>;
  return (
    <>
      {section('auth.sectionBusiness')}
      <Grid container columnSpacing={2}>
        {half(
          <FormField
            {...form.field('business_name')}
            label={t('fields.businessName')}
            helperText={t('fields.businessNameHelp')}
            error={form.errors.business_name ?? form.errors.first_name}
            autoComplete="organization"
            required
          />,
        )}
        {half(
          <FormField
            {...form.field('last_name')}
            label={t('fields.tradingName')}
            helperText={t('fields.tradingNameHelp')}
            // The API's name for it; without this a browser would fill in a surname.
            autoComplete="off"
            required
          />,
        )}
      </Grid>
      {section('auth.sectionContact')}
      <Grid container columnSpacing={2}>
        {emailField && half(emailField)}
        {half(
          <FormField
            {...form.field('mobile')}
            type="tel"
            label={t('fields.mobile')}
            autoComplete="tel"
            required
          />,
        )}
      </Grid>
      {section('auth.sectionTrading')}
      <AddressFields prefix="" form={form} />
      {section('auth.sectionRegistered')}
      <FormControlLabel
        control={
          <Checkbox
            name="is_same_address"
            checked={form.values.is_same_address === '1'}
            onChange={(event) => form.setValue('is_same_address', event.target.checked ? '1' : '0')}
          />
        }
        label={t('fields.sameAddress')}
      />
      {form.values.is_same_address === '0' && <AddressFields prefix="business_" form={form} />}
    </>
  );
}
