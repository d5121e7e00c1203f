import { useTranslation } from 'react-i18next';
import { DownloadCsvButton } from '../../components/DownloadCsvButton';
import { PAYMENTS_PATH } from './api';

/** The business's card payments as a CSV file, for its records. */
export function DownloadPayments() {
  const { t } = useTranslation();
  return (
    <DownloadCsvButton
      path={PAYMENTS_PATH}
      filename="heatdesk-payments.csv"
      label={t('subscriptions.downloadPayments')}
    />
  );
}
