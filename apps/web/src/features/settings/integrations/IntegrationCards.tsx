import { CONNECT_MESSAGES, CONNECTABLE_PROCESSORS, type ConnectableProcessor, PROCESSOR_NAMES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { errorText } from '../../../api/error-text';
import { BankSelect } from '../../connect/BankSelect';
import { useBankList } from '../../connect/use-bank-list';
import { useConnect } from '../../connect/use-connect';
import { IntegrationCard } from './IntegrationCard';
import { renewalText } from './sync-text';
import { useIntegrations } from './use-integrations';
import { useNow } from './use-now';

/** Spec section 2's four cards, in its order; the bank is 'Business Account'. */
export const INTEGRATION_CARDS = CONNECTABLE_PROCESSORS.map((processor) => ({
  processor,
  title: PROCESSOR_NAMES[processor],
}));

const DISCONNECT_FAILURE = 'Failed to disconnect. Please try again.';
const LOAD_FAILURE = 'Could not load your connections. Please try again.';

type Errors = Partial<Record<ConnectableProcessor, string | null>>;

/**
 * The integration cards with their Connect and Disconnect buttons: shared by Settings and /link-your-pos-account.
 * `columns` is 2 where the page is wide enough (Settings), 1 inside a narrow card.
 */
export function IntegrationCards({ id, columns = 2 }: { id: string; columns?: 1 | 2 }) {
  const { summaries, loading, failed, retry, disconnect } = useIntegrations(id);
  const bankList = useBankList();
  const [bankId, setBankId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const now = useNow(30_000);
  const setError = (processor: ConnectableProcessor, text: string | null) =>
    setErrors((current) => ({ ...current, [processor]: text }));

  const { busy, connectCard, connectBank } = useConnect({
    from: 'settings',
    onResult: ({ processor, ok }) => {
      // Spec section 4: in Settings a failed pop-up is only logged; the card keeps showing the server's state.
      if (!ok) console.error(`The ${processor} connection did not complete`);
    },
    onStartError: (processor, error) => {
      console.error(`Could not start the ${processor} connection`, error);
      const fallback =
        processor === 'gocardless' ? CONNECT_MESSAGES.bankConnectSettingsFailure : CONNECT_MESSAGES.popupError;
      setError(
        processor,
        processor === 'gocardless' ? fallback : errorText(error, { noText: fallback, failure: fallback }),
      );
    },
  });

  const connect = (processor: ConnectableProcessor) => {
    setError(processor, null);
    if (processor !== 'gocardless') {
      connectCard(processor);
    } else if (!bankList.banks.some((bank) => bank.id === bankId)) {
      setError(processor, CONNECT_MESSAGES.selectBankSettings);
    } else {
      connectBank(bankId);
    }
  };

  const disconnectOne = (processor: ConnectableProcessor) => {
    setError(processor, null);
    disconnect.mutate(processor, {
      onError: (error) => {
        console.error(`Could not disconnect ${processor}`, error);
        setError(processor, errorText(error, { noText: DISCONNECT_FAILURE, failure: DISCONNECT_FAILURE }));
      },
    });
  };

  // A linked bank (connected, or waiting to be reconnected) shows in the select, fixed until disconnected; a link
  // made through another provider than today's is added to the list under its own id.
  const bank = summaries.gocardless;
  const linked = bank && bank.status !== 'disconnected' ? bank : undefined;
  const linkedBankId = linked
    ? (linked.institution_id ?? bankList.banks.find((choice) => choice.name === linked.institution)?.id ?? '')
    : undefined;
  const bankChoices =
    linked?.institution_id && linked.institution && !bankList.banks.some((b) => b.id === linked.institution_id)
      ? [{ id: linked.institution_id, name: linked.institution }, ...bankList.banks]
      : bankList.banks;

  const reconnect = (processor: ConnectableProcessor) => {
    setError(processor, null);
    if (processor !== 'gocardless') connectCard(processor);
    else if (linkedBankId) connectBank(linkedBankId);
    else setError(processor, CONNECT_MESSAGES.selectBankSettings);
  };

  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
  };

  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Try again
          </Button>
        }
      >
        {LOAD_FAILURE}
      </Alert>
    );
  }
  if (loading) {
    return (
      <Box sx={grid} aria-busy>
        {INTEGRATION_CARDS.map(({ processor }) => (
          <Skeleton key={processor} variant="rounded" height={150} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={grid}>
      {INTEGRATION_CARDS.map(({ processor, title }) => {
        const summary = summaries[processor];
        const disconnecting = disconnect.isPending && disconnect.variables === processor;
        return (
          <IntegrationCard
            key={processor}
            title={title}
            summary={summary}
            now={now}
            busy={busy === processor || disconnecting}
            locked={busy !== null && busy !== processor}
            onConnect={() => connect(processor)}
            onDisconnect={() => disconnectOne(processor)}
            onReconnect={() => reconnect(processor)}
            renewal={renewalText(summary, now)}
            error={errors[processor]}
          >
            {processor === 'gocardless' && (
              <>
                <BankSelect
                  banks={bankChoices}
                  value={linkedBankId ?? bankId}
                  onChange={(value) => {
                    setBankId(value);
                    setError('gocardless', null);
                  }}
                  loading={bankList.loading}
                  disabled={bankList.failed || linkedBankId !== undefined}
                />
                {bankList.failed && (
                  <Alert
                    severity="error"
                    action={
                      <Button color="inherit" size="small" onClick={bankList.retry}>
                        Try again
                      </Button>
                    }
                  >
                    {CONNECT_MESSAGES.bankListFailure}
                  </Alert>
                )}
              </>
            )}
          </IntegrationCard>
        );
      })}
    </Box>
  );
}
