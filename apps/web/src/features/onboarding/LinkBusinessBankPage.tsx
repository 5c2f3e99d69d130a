import { CONNECT_MESSAGES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { BankSelect } from '../connect/BankSelect';
import { useBankList } from '../connect/use-bank-list';
import type { QueuedPosLinksNavigation } from './onboarding-state';

/**
 * /link-business-bank: the bank dropdown; Continue stays disabled while the list loads or no bank is chosen, then
 * queues the bank on /queued-pos-links (docs/product.md, "Screens and routes").
 */
export default function LinkBusinessBankPage() {
  const navigate = useNavigate();
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
      </FormStack>
    </AuthLayout>
  );
}
