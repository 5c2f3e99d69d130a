import { CONNECT_MESSAGES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { LinkButton } from '../../ui/TextLink';
import { BankSelect } from '../connect/BankSelect';
import { useBankList } from '../connect/use-bank-list';
import { clearOnboardingState, type QueuedPosLinksNavigation } from './onboarding-state';

/**
 * /link-business-bank: the bank dropdown; Continue stays disabled while the list loads or no bank is chosen, then
 * queues the bank on /queued-pos-links (docs/product.md, "Screens and routes"). Beyond the spec: a search over the
 * list, and a way on when the owner's bank is not in it: onboarding ends at the dashboard, and Settings keeps a card
 * asking for the bank (features/settings/integrations/BankStillToLink.tsx).
 */
export default function LinkBusinessBankPage() {
  const navigate = useNavigate();
  const later = () => {
    clearOnboardingState();
    navigate('/main-menu', { replace: true });
  };
  const { banks, loading, failed, retry } = useBankList();
  const [bankId, setBankId] = useState('');
  const chosen = banks.some((bank) => bank.id === bankId);

  const proceed = () => {
    if (!chosen) return;
    const state: QueuedPosLinksNavigation = { selectedBank: bankId };
    navigate('/queued-pos-links', { state });
  };

  return (
    <AuthLayout
      wide
      title="Link your business bank account"
      subtitle="Brade reads your business account through open banking to track what the salon spends. Access is read-only."
    >
      <FormStack>
        <BankSelect
          banks={banks}
          value={bankId}
          onChange={setBankId}
          loading={loading}
          disabled={failed}
          helperText={!loading && !failed && !chosen ? CONNECT_MESSAGES.selectBankOnboarding : undefined}
        />
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                Try again
              </Button>
            }
          >
            {CONNECT_MESSAGES.bankListFailure}
          </Alert>
        )}
        <Button variant="contained" size="large" fullWidth disabled={loading || !chosen} onClick={proceed}>
          Continue
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          <LinkButton type="button" onClick={later}>
            My bank isn't listed: link it later
          </LinkButton>
          <br />
          Brade will show card takings and fees until then; Settings keeps a reminder to link the bank.
        </Typography>
      </FormStack>
    </AuthLayout>
  );
}
