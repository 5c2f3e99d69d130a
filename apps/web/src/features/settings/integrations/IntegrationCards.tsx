import { CONNECT_MESSAGES, CONNECTABLE_PROCESSORS, type ConnectableProcessor, PROCESSOR_NAMES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useDeferredValue, useState } from 'react';
import { errorText } from '../../../api/error-text';
import { DEMO_READ_ONLY, isDemoRefusal } from '../../../ui/failure-notice';
import { useNow } from '../../../ui/use-now';
import { BankSelect } from '../../connect/BankSelect';
import { connectFailureText } from '../../connect/connect-failure-text';
import { useBankList } from '../../connect/use-bank-list';
import { useConnect } from '../../connect/use-connect';
import { BankStillToLink } from './BankStillToLink';
import { DisconnectDialog } from './DisconnectDialog';
import { IntegrationCard } from './IntegrationCard';
import { cardsGrid, IntegrationCardsLoading } from './IntegrationCardsLoading';
import { renewalText } from './sync-text';
import { useIntegrations } from './use-integrations';

/** The four cards of docs/product.md ("Screens and routes"), in its order; the bank is 'Business Account'. */
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
  // The cards are drawn in a transition once the connections come (ui/use-deferred-arrival.ts): the skeletons stay a
  // render longer, and the five cards' many parts are drawn in slices.
  const waiting = useDeferredValue(loading) || loading;
  const bankList = useBankList();
  const [bankId, setBankId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const now = useNow(30_000);
  const setError = (processor: ConnectableProcessor, text: string | null) =>
    setErrors((current) => ({ ...current, [processor]: text }));

  const { busy, connectCard, connectBank } = useConnect({
    from: 'settings',
    onResult: ({ processor, ok, reason }) => {
      if (ok) return setError(processor, null);
      // docs/product.md, "States and transitions", logs a failed pop-up in Settings; beyond the spec, its card also
      // says why in words.
      console.error(`The ${processor} connection did not complete`, reason ?? '');
      setError(processor, connectFailureText(processor, reason));
    },
    onStartError: (processor, error) => {
      console.error(`Could not start the ${processor} connection`, error);
      const fallback =
        processor === 'gocardless' ? CONNECT_MESSAGES.bankConnectSettingsFailure : CONNECT_MESSAGES.popupError;
      const text = processor === 'gocardless' ? fallback : errorText(error, { noText: fallback, failure: fallback });
      setError(processor, isDemoRefusal(error) ? DEMO_READ_ONLY : text);
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

  const [confirming, setConfirming] = useState<ConnectableProcessor | null>(null);
  const disconnectOne = (processor: ConnectableProcessor) => {
    setConfirming(null);
    setError(processor, null);
    disconnect.mutate(processor, {
      onError: (error) => {
        console.error(`Could not disconnect ${processor}`, error);
        const text = errorText(error, { noText: DISCONNECT_FAILURE, failure: DISCONNECT_FAILURE });
        setError(processor, isDemoRefusal(error) ? DEMO_READ_ONLY : text);
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

  const grid = cardsGrid(columns);

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
  if (waiting) return <IntegrationCardsLoading columns={columns} />;

  return (
    <div className={grid}>
      {(!bank || bank.status === 'disconnected') && <BankStillToLink />}
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
            onDisconnect={() => setConfirming(processor)}
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
      <DisconnectDialog
        title={INTEGRATION_CARDS.find((card) => card.processor === confirming)?.title ?? null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && disconnectOne(confirming)}
      />
    </div>
  );
}
