import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../lib/useAction';
import { downloadCsv } from './download';

/** Downloads what a visualisation shows as a CSV file named `filename`. */
export function DownloadCsvButton({
  path,
  params,
  filename,
}: {
  path: string;
  params: Record<string, string>;
  filename: string;
}) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => void run(() => downloadCsv(path, params, filename), { toast: () => null })}
    >
      {t('analytics.downloadCsv')}
    </Button>
  );
}
