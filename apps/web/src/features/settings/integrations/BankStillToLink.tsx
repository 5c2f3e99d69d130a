import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/**
 * The card onboarding leaves when the owner's bank was not in the list ("My bank isn't listed: link it later"), and
 * for anyone without a linked bank: what is missing without it and how to link it.
 */
export function BankStillToLink() {
  return (
    // A standing note, not an alert: nothing just happened.
    <Alert severity="info" role="note" data-testid="bank-still-to-link" sx={{ gridColumn: '1 / -1' }}>
      <AlertTitle>Your business bank account is not linked yet</AlertTitle>
      Until it is, the only expenses Brade sees are card fees, and there is no cash in the bank. Search for your bank on
      the Business Account card and press Connect. If it is not listed yet, look again later: banks keep joining open
      banking.
    </Alert>
  );
}
