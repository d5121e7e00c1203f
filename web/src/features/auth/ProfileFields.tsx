import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form';
import { mobile, optional, text, ukPostcode, validate, type Check } from './validation';

/** The profile as the forms hold it; `business_name` doubles as `first_name` when sent. */
export interface ProfileValues extends Record<string, string> {
  business_name: string;
  last_name: string;
  mobile: string;
  address_line1: string;
  address_line2: string;
  town: string;
  city: string;
  post_code: string;
  is_same_address: '1' | '0';
  business_address_line1: string;
  business_address_line2: string;
  business_town: string;
  business_city: string;
  business_post_code: string;
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
    town: text,
    city: text,
    post_code: ukPostcode,
    ...extra,
  } as Partial<Record<keyof T, Check>>;
  if (values.is_same_address === '0') {
    Object.assign(checks, {
      business_address_line1: text,
      business_address_line2: optional,
      business_town: text,
      business_city: text,
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

type FieldErrors = Partial<Record<string, string>>;

function AddressFields({
  prefix,
  values,
  errors,
  onChange,
}: {
  prefix: '' | 'business_';
  values: ProfileValues;
  errors: FieldErrors;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const field = (name: string, label: string, autoComplete: string, half = false) => (
    <Grid size={{ xs: 12, sm: half ? 6 : 12 }}>
      <FormField
        name={`${prefix}${name}`}
        label={t(label)}
        value={values[`${prefix}${name}`]}
        onChange={onChange}
        error={errors[`${prefix}${name}`]}
        autoComplete={autoComplete}
        required={name !== 'address_line2'}
      />
    </Grid>
  );
  return (
    <Grid container columnSpacing={2}>
      {field('address_line1', 'fields.addressLine1', 'address-line1')}
      {field('address_line2', 'fields.addressLine2', 'address-line2')}
      {field('town', 'fields.town', 'address-level3', true)}
      {field('city', 'fields.city', 'address-level2', true)}
      {field('post_code', 'fields.postCode', 'postal-code', true)}
    </Grid>
  );
}

/** Business, contact and address fields shared by registration and the profile. */
export function ProfileFields({
  values,
  errors,
  onChange,
  onSameAddress,
  emailField,
}: {
  values: ProfileValues;
  errors: FieldErrors;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSameAddress: (same: boolean) => void;
  emailField?: ReactNode;
}) {
  const { t } = useTranslation();
  const section = (title: string) => (
    <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
      {t(title)}
    </Typography>
  );
  return (
    <>
      {section('auth.sectionBusiness')}
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            name="business_name"
            label={t('fields.businessName')}
            value={values.business_name}
            onChange={onChange}
            error={errors.business_name ?? errors.first_name}
            autoComplete="organization"
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            name="last_name"
            label={t('fields.tradingName')}
            value={values.last_name}
            onChange={onChange}
            error={errors.last_name}
            required
          />
        </Grid>
      </Grid>
      {section('auth.sectionContact')}
      <Grid container columnSpacing={2}>
        {emailField && <Grid size={{ xs: 12, sm: 6 }}>{emailField}</Grid>}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            name="mobile"
            type="tel"
            label={t('fields.mobile')}
            value={values.mobile}
            onChange={onChange}
            error={errors.mobile}
            autoComplete="tel"
            required
          />
        </Grid>
      </Grid>
      {section('auth.sectionTrading')}
      <AddressFields prefix="" values={values} errors={errors} onChange={onChange} />
      {section('auth.sectionRegistered')}
      <FormControlLabel
        control={
          <Checkbox
            name="is_same_address"
            checked={values.is_same_address === '1'}
            onChange={(event) => onSameAddress(event.target.checked)}
          />
        }
        label={t('fields.sameAddress')}
      />
      {values.is_same_address === '0' && (
        <AddressFields prefix="business_" values={values} errors={errors} onChange={onChange} />
      )}
    </>
  );
}
