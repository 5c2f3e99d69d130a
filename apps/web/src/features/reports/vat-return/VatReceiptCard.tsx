import type { VatReceipt } from '@brade/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { longDay } from './vat-text';

const PAYMENT = {
  DD: 'HMRC holds a Direct Debit for this business and will collect the VAT due.',
  BANK: 'HMRC holds this business’s bank details and will repay the VAT owed to it.',
} as const;

/**
 * HMRC's processing time ('2026-04-20T10:00:00.000+0000') as a London day and time to the second; as HMRC wrote it if
 * it does not read as a time.
 */
export function processedText(processingDate: string): string {
  const at = new Date(processingDate.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(at.getTime())) return processingDate;
  const day = at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'Europe/London' });
  return `${longDay(day)} at ${time}`;
}

/** HMRC's receipt for a return filed from Brade, as Brade keeps it. */
export function VatReceiptCard({ receipt }: { receipt: VatReceipt }) {
  const filed = new Date(receipt.filed_at);
  const time = filed.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  const day = filed.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  return (
    <Alert severity="success" data-testid="vat-receipt">
      <AlertTitle>
        Filed with HMRC on {longDay(day)} at {time}
      </AlertTitle>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2">
          Form bundle number
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700 }}>
          {receipt.form_bundle_number}
        </Typography>
        <Typography component="dt" variant="body2">
          HMRC processed it
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {processedText(receipt.processing_date)}
        </Typography>
        {receipt.charge_ref_number && (
          <>
            <Typography component="dt" variant="body2">
              Charge reference
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700 }}>
              {receipt.charge_ref_number}
            </Typography>
          </>
        )}
        {receipt.payment_indicator && (
          <>
            <Typography component="dt" variant="body2">
              Payment
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {PAYMENT[receipt.payment_indicator]}
            </Typography>
          </>
        )}
      </Box>
    </Alert>
  );
}
