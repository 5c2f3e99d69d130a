import { HMRC_CONNECT_CHANNEL, type HmrcConnectMessage } from '@brade/contract';

/** Where the owner pressed Connect HMRC: a full-page return (pop-ups blocked) goes back there. */
export type HmrcConnectFrom = 'settings' | 'vat-return' | 'quarterly-update';
const FROM: readonly HmrcConnectFrom[] = ['settings', 'vat-return', 'quarterly-update'];

interface HmrcAttempt {
  state: string;
  from: HmrcConnectFrom;
  mode: 'popup' | 'redirect';
}

/** Local-storage key of an HMRC connection in progress (beside the card providers' `connect_state:<processor>`). */
export const HMRC_ATTEMPT_KEY = 'connect_state:hmrc';

export function saveHmrcAttempt(attempt: HmrcAttempt): void {
  localStorage.setItem(HMRC_ATTEMPT_KEY, JSON.stringify(attempt));
}

/** The attempt, removed from storage: each return is handled once. */
export function takeHmrcAttempt(): HmrcAttempt | null {
  const raw = localStorage.getItem(HMRC_ATTEMPT_KEY);
  localStorage.removeItem(HMRC_ATTEMPT_KEY);
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<HmrcAttempt> | null;
    if (!parsed || typeof parsed.state !== 'string') return null;
    if (!FROM.includes(parsed.from as HmrcConnectFrom)) return null;
    return {
      state: parsed.state,
      from: parsed.from as HmrcConnectFrom,
      mode: parsed.mode === 'redirect' ? 'redirect' : 'popup',
    };
  } catch {
    return null;
  }
}

/** Exactly `{type}` with one of the two words, or null (docs/security-decisions.md, "Connecting providers (OAuth and the pop-up)"). */
export function parseHmrcMessage(data: unknown): HmrcConnectMessage | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { type, ...rest } = data as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  return type === 'HMRC_CONNECT_SUCCESS' || type === 'HMRC_CONNECT_ERROR' ? { type } : null;
}

/** Tells the page that opened the pop-up, on this exact origin and the same-origin channel: a word, never a code. */
export function notifyHmrcOpener(message: HmrcConnectMessage): void {
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch (error) {
    console.error('Could not tell the opening window', error);
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(HMRC_CONNECT_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}
