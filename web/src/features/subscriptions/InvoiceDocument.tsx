import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { paths } from '../../config/paths';
import { formatMomentDate, ltr } from '../../lib/format';
import { describeError } from '../../lib/http';
import { formatPence } from '../../lib/units';
import { useLoad } from '../../lib/useLoad';
import { subscriptionsApi } from './api';
import type { Invoice, InvoiceParty } from './types';

// On paper the app's colours (dark mode's light text) give way to black on white.
const onPaper = {
  '@media print': {
    border: 'none',
    bgcolor: '#fff',
    backgroundImage: 'none',
    '&, & *': { color: '#000 !important', borderColor: '#bbb !important' },
  },
};

function Party({ heading, party }: { heading: string; party: InvoiceParty }) {
  const { t } = useTranslation();
  return (
    <Box component="address" sx={{ fontStyle: 'normal', flex: 1 }}>
      <Typography variant="overline" component="h2" color="text.secondary">
        {heading}
      </Typography>
      {/* Each line reads in its own direction: "12 Wellington Street" keeps its number first
          on an Arabic page. */}
      <Typography sx={{ fontWeight: 600 }}>
        <bdi>{party.name}</bdi>
      </Typography>
      {party.address.map((line) => (
        <Typography key={line}>
          <bdi>{line}</bdi>
        </Typography>
      ))}
      {party.vat_number && (
        <Typography>{t('invoice.vatNumber', { number: ltr(party.vat_number) })}</Typography>
      )}
    </Box>
  );
}

/** The document itself, as it is printed. */
function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const date = formatMomentDate(invoice.date, i18n.language);
  const period =
    invoice.period &&
    t('invoice.period', {
      start: formatMomentDate(invoice.period.start, i18n.language),
      end: formatMomentDate(invoice.period.end, i18n.language),
    });
  const line = (label: string, pence: number, strong = false, detail: string | null = null) => (
    <TableRow>
      <TableCell sx={{ fontWeight: strong ? 700 : undefined }}>
        {label}
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 700 : undefined }}>
        {formatPence(pence)}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 4 }, ...onPaper }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
          {t(`invoice.kind.${invoice.kind}`)}
        </Typography>
        <Box sx={{ textAlign: { xs: 'start', sm: 'end' } }}>
          <Typography sx={{ fontWeight: 600 }}>{ltr(invoice.number)}</Typography>
          <Typography color="text.secondary">
            {t(invoice.vat ? 'invoice.date' : 'invoice.receiptDate', { date })}
          </Typography>
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ my: 3 }}>
        <Party heading={t('invoice.from')} party={invoice.seller} />
        <Party heading={t('invoice.to')} party={invoice.customer} />
      </Stack>
      <Divider />
      <Table size="small" aria-label={t(`invoice.kind.${invoice.kind}`)} sx={{ my: 2 }}>
        <TableBody>
          {invoice.vat
            ? line(
                t('invoice.lineExVat', { plan: invoice.plan }),
                invoice.vat.net_pence,
                false,
                period,
              )
            : line(t('invoice.line', { plan: invoice.plan }), invoice.total_pence, false, period)}
          {invoice.vat &&
            line(t('invoice.vat', { rate: invoice.vat.rate_percent }), invoice.vat.vat_pence)}
          {line(t('invoice.total'), invoice.total_pence, true)}
        </TableBody>
      </Table>
      <Typography>
        {t('invoice.paidBy', { date, card: ltr(`••••\u00a0${invoice.card_last4}`) })}
      </Typography>
    </Paper>
  );
}

/** `/subscriptions/invoices/{number}`: a payment's invoice, to print or save as a PDF. */
export function InvoiceDocument() {
  const { t } = useTranslation();
  const { invoiceNumber = '' } = useParams();
  // An invoice that is not the business's (or not one at all) is missing: nothing to retry.
  const read = useCallback(
    () =>
      subscriptionsApi.invoice(invoiceNumber).then(
        (answer) => answer.data.data.invoice,
        (failure: unknown) => {
          if (describeError(failure).code === 404) return 'missing' as const;
          throw failure;
        },
      ),
    [invoiceNumber],
  );
  const { value: invoice, error, retry } = useLoad(read, 'invoice');
  const back = { to: paths.subscriptions, name: t('nav.subscriptions') };
  if (error || invoice === 'missing')
    return (
      <LoadError
        message={error ?? t('invoice.missing')}
        onRetry={retry}
        missing={invoice === 'missing'}
        back={back}
      />
    );
  if (!invoice || invoice.number.toUpperCase() !== invoiceNumber.toUpperCase())
    return <ListSkeleton rows={3} height={120} />;
  return (
    <Box sx={{ maxWidth: 800 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, displayPrint: 'none', flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('invoice.print')}
        </Button>
        <Button component={RouterLink} to={paths.subscriptions}>
          {t('list.backTo', back)}
        </Button>
      </Stack>
      <InvoiceSheet invoice={invoice} />
    </Box>
  );
}
