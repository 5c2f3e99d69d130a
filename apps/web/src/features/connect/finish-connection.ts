import type { ConnectableProcessor, ConnectFailure } from '@brade/contract';
import { isApiError } from '../../api/client';
import { finishCardConnection, recordBankTransactions } from '../../api/connect';
import { stored } from '../../api/session';
import { type ConnectAttempt, storedRequisitionId, takeAttempt } from './connect-attempt';

export interface FinishResult {
  ok: boolean;
  /** The attempt this browser started, or null when it started none (a stale or forged return address). */
  attempt: ConnectAttempt | null;
  /** Why it failed, in one of the fixed words the opener turns into a sentence. */
  reason?: ConnectFailure;
}

class ReturnRefused extends Error {
  readonly failure: ConnectFailure;
  readonly pending: Promise<unknown> | undefined;
  constructor(message: string, failure: ConnectFailure = 'expired', pending?: Promise<unknown>) {
    super(message);
    this.name = 'ReturnRefused';
    this.failure = failure;
    this.pending = pending;
  }
}

function failureOf(error: unknown): ConnectFailure {
  if (error instanceof ReturnRefused) return error.failure;
  // The server answered and said no (a used or foreign state, a code the provider refused); else it or the
  // provider behind it could not be reached.
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return 'refused';
  return 'unreachable';
}

/**
 * Finishes a connection from the return page's address. A card provider's return counts only with a code and the
 * state this browser was given for it (the server checks the state again), and its `error` (the owner pressed
 * Deny) fails without calling the server. The bank's return passes on, with the requisition this browser asked
 * for, whatever the bank sent back (its code, state or error): the server checks the state and uses the attempt
 * up either way.
 */
export async function finishConnection(
  processor: ConnectableProcessor,
  params: URLSearchParams,
): Promise<FinishResult> {
  const attempt = takeAttempt(processor);
  try {
    if (!attempt) throw new ReturnRefused('No connection was started from this browser');
    const denied = params.get('error');
    if (denied && processor !== 'gocardless') throw new ReturnRefused(`The provider returned ${denied}`, 'denied');
    const id = stored.id();
    if (!id) throw new ReturnRefused('No stored user id: sign in first');

    if (processor === 'gocardless') {
      const requisitionId = storedRequisitionId();
      if (!requisitionId) throw new ReturnRefused('No bank requisition id is stored');
      // The server is told of a refusal too (it uses the attempt up); its answer then does not change the reason.
      const recorded = recordBankTransactions(id, requisitionId, params);
      if (denied) throw new ReturnRefused(`The bank returned ${denied}`, 'denied', recorded);
      await recorded;
    } else {
      const code = params.get('code');
      const state = params.get('state');
      if (!code) throw new ReturnRefused('The return carries no code');
      if (!attempt.state || state !== attempt.state) throw new ReturnRefused('The state is not the one issued');
      await finishCardConnection(processor, {
        id,
        code,
        state,
        onboarding: attempt.from === 'onboarding',
        merchantCode: params.get('merchant_code'),
      });
    }
    return { ok: true, attempt };
  } catch (error) {
    if (error instanceof ReturnRefused) await error.pending?.catch(() => undefined);
    console.error(`Could not finish the ${processor} connection`, error);
    return { ok: false, attempt, reason: failureOf(error) };
  }
}
