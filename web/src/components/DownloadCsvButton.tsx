import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../lib/download';
import { useAction } from '../lib/useAction';

/** Downloads what the API answers at `path` (with `?format=csv`) as a file named `filename`. */
export function DownloadCsvButton({
  path,
  params = {},
  filename,
  label,
}: {
  path: string;
  params?: Record<string, string>;
  filename: string;
  /** The button's text; "Download CSV" unless told. */
  label?: string;
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
      {label ?? t('common.downloadCsv')}
    </Button>
  );
}
