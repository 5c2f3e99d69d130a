import { type ConnectableProcessor, STORAGE_KEYS } from '@brade/contract';

/** Where the owner pressed Connect: it decides the server call (Stripe) and where a full-page return goes. */
export type ConnectOrigin = 'onboarding' | 'settings';
/** 'redirect' when the browser blocked the pop-up and this tab itself went to the provider. */
export type ConnectMode = 'popup' | 'redirect';

export interface ConnectAttempt {
  processor: ConnectableProcessor;
  from: ConnectOrigin;
  mode: ConnectMode;
  /** Card providers: the state the server issued; the return is accepted only when it comes back unchanged. */
  state?: string;
}

/**
 * Local-storage key of a connection in progress, one per processor: `connect_state:<processor>` (an addition to
 * the keys of docs/product.md, "What the app keeps"). The return page reads it once and removes it, so a replayed
 * return address finds nothing. The bank's requisition id stays under the spec's own key, `requisistion_id`.
 */
export const attemptKey = (processor: ConnectableProcessor) => `connect_state:${processor}`;

export function saveAttempt(attempt: ConnectAttempt): void {
  localStorage.setItem(attemptKey(attempt.processor), JSON.stringify(attempt));
}

function readAttempt(processor: ConnectableProcessor): ConnectAttempt | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(attemptKey(processor)) ?? 'null');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { from, mode, state } = parsed as Record<string, unknown>;
  if (from !== 'onboarding' && from !== 'settings') return null;
  if (mode !== 'popup' && mode !== 'redirect') return null;
  if (state !== undefined && typeof state !== 'string') return null;
  return { processor, from, mode, ...(state === undefined ? {} : { state }) };
}

/** The attempt for this processor, removed from storage: each return is handled once. */
export function takeAttempt(processor: ConnectableProcessor): ConnectAttempt | null {
  const attempt = readAttempt(processor);
  localStorage.removeItem(attemptKey(processor));
  return attempt;
}

export function saveRequisitionId(id: string): void {
  localStorage.setItem(STORAGE_KEYS.requisitionId, id);
}

export function storedRequisitionId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.requisitionId);
}
