import type { CardProcessor, ConnectableProcessor, ConnectFailure } from '@brade/contract';
import { useEffect, useRef, useState } from 'react';
import { buildABankLink, requestAuthorizationUrl } from '../../api/connect';
import { stored } from '../../api/session';
import { type ConnectMode, type ConnectOrigin, saveAttempt, saveRequisitionId } from './connect-attempt';
import { isSuccess } from './connect-message';
import { openConnectPopup, pageNavigation, safeHttpUrl } from './connect-popup';
import { refreshConnectionData } from './refresh-data';
import { useConnectMessages } from './use-connect-messages';

export interface ConnectResult {
  processor: ConnectableProcessor;
  ok: boolean;
  /** Why it failed, when the pop-up said. */
  reason?: ConnectFailure;
}

interface ConnectOptions {
  from: ConnectOrigin;
  /** The pop-up reported back. */
  onResult: (result: ConnectResult) => void;
  /** The connection could not start: the server gave no consent address (or bank link). */
  onStartError: (processor: ConnectableProcessor, error: unknown) => void;
}

/** How often the opener looks whether the owner closed the pop-up, and how long a late message may take. */
export const POPUP_WATCH_MS = 500;
export const CLOSED_GRACE_MS = 1_500;

class NotSignedIn extends Error {
  constructor() {
    super('No stored user id: sign in first');
    this.name = 'NotSignedIn';
  }
}

function signedInId(): string {
  const id = stored.id();
  if (!id) throw new NotSignedIn();
  return id;
}

/**
 * Connect buttons for one screen: opens the centred pop-up synchronously in the click handler, then fetches the
 * provider's address and sends the pop-up there; when the browser blocks pop-ups, this tab goes there itself and
 * the return page finishes the flow. `busy` names the processor whose pop-up is open.
 */
export function useConnect({ from, onResult, onStartError }: ConnectOptions) {
  const popupRef = useRef<Window | null>(null);
  // Which connection a signal may complete. It outlives `busy`: a provider page that cut the opener link makes
  // the pop-up look closed while its BroadcastChannel signal is still to come.
  const awaiting = useRef<ConnectableProcessor | null>(null);
  const [busy, setBusy] = useState<ConnectableProcessor | null>(null);
  const callbacks = useRef({ onResult, onStartError });
  callbacks.current = { onResult, onStartError };

  useConnectMessages(popupRef, (message) => {
    if (awaiting.current !== message.processor) return;
    awaiting.current = null;
    setBusy(null);
    void refreshConnectionData();
    callbacks.current.onResult({ processor: message.processor, ok: isSuccess(message), reason: message.reason });
  });

  useEffect(() => {
    if (!busy) return;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const watcher = setInterval(() => {
      if (!popupRef.current?.closed) return;
      clearInterval(watcher);
      grace = setTimeout(() => {
        // Closed without a word: the buttons come back, and the cards show whatever the server now knows.
        setBusy((current) => (current === busy ? null : current));
        void refreshConnectionData();
      }, CLOSED_GRACE_MS);
    }, POPUP_WATCH_MS);
    return () => {
      clearInterval(watcher);
      clearTimeout(grace);
    };
  }, [busy]);

  const start = (processor: ConnectableProcessor, prepare: (mode: ConnectMode) => Promise<string>) => {
    const popup = openConnectPopup();
    popupRef.current = popup;
    awaiting.current = processor;
    setBusy(processor);
    prepare(popup ? 'popup' : 'redirect')
      .then((address) => {
        const url = safeHttpUrl(address);
        // Only an http(s) page may open: never a javascript: or data: address, whatever the answer said.
        if (!url) throw new TypeError(`Not an http(s) address to open: ${address}`);
        if (popup) popup.location.href = url;
        else pageNavigation.assign(url);
      })
      .catch((error: unknown) => {
        popup?.close();
        popupRef.current = null;
        awaiting.current = null;
        setBusy(null);
        callbacks.current.onStartError(processor, error);
      });
  };

  const connectCard = (processor: CardProcessor) =>
    start(processor, async (mode) => {
      const { url, state } = await requestAuthorizationUrl(signedInId(), processor);
      saveAttempt({ processor, from, mode, state });
      return url;
    });

  const connectBank = (institutionId: string) =>
    start('gocardless', async (mode) => {
      const requisition = await buildABankLink(signedInId(), institutionId);
      saveRequisitionId(requisition.id);
      saveAttempt({ processor: 'gocardless', from, mode });
      return requisition.link;
    });

  return { busy, connectCard, connectBank };
}
