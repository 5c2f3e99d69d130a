import { HMRC_CONNECT_CHANNEL } from '@brade/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getHmrcConnection, requestHmrcAuthorizationUrl } from '../../api/hmrc';
import { stored } from '../../api/session';
import { openConnectPopup, pageNavigation, safeHttpUrl } from '../connect/connect-popup';
import { type HmrcConnectFrom, parseHmrcMessage, saveHmrcAttempt } from './hmrc-connect-attempt';

export const hmrcKeys = { connection: (id: string) => ['hmrc', id, 'connection'] as const };

/** GET /api/hmrc/connection/{id}: the owner's grant at HMRC (never a token). */
export const hmrcConnectionQuery = (id: string) =>
  queryOptions({ queryKey: hmrcKeys.connection(id), queryFn: () => getHmrcConnection(id) });

/**
 * Connect HMRC: the 600×600 pop-up opened in the click handler, then sent to HMRC's grant-authority page; when pop-ups
 * are blocked this tab goes there and /hmrc-redirect brings it back. `busy` while the pop-up is open.
 */
export function useHmrcConnect(
  from: HmrcConnectFrom,
  onResult: (ok: boolean) => void,
  onStartError: (error: unknown) => void,
) {
  const client = useQueryClient();
  const popup = useRef<Window | null>(null);
  const [busy, setBusy] = useState(false);
  const handlers = useRef({ onResult, onStartError });
  handlers.current = { onResult, onStartError };

  useEffect(() => {
    const settle = (data: unknown) => {
      const message = parseHmrcMessage(data);
      if (!message) return;
      setBusy(false);
      popup.current = null;
      void client.invalidateQueries({ queryKey: ['hmrc'] });
      handlers.current.onResult(message.type === 'HMRC_CONNECT_SUCCESS');
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && popup.current && event.source === popup.current)
        settle(event.data);
    };
    window.addEventListener('message', onWindowMessage);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(HMRC_CONNECT_CHANNEL) : null;
    const onChannel = (event: MessageEvent) => settle(event.data);
    channel?.addEventListener('message', onChannel);
    return () => {
      window.removeEventListener('message', onWindowMessage);
      channel?.removeEventListener('message', onChannel);
      channel?.close();
    };
  }, [client]);

  useEffect(() => {
    if (!busy) return;
    // Closed without a word: the button comes back and the card shows what the server knows.
    const watcher = setInterval(() => {
      if (!popup.current?.closed) return;
      clearInterval(watcher);
      setTimeout(() => {
        setBusy(false);
        void client.invalidateQueries({ queryKey: ['hmrc'] });
      }, 1_500);
    }, 500);
    return () => clearInterval(watcher);
  }, [busy, client]);

  const connect = () => {
    const id = stored.id();
    const opened = openConnectPopup();
    popup.current = opened;
    setBusy(true);
    (async () => {
      if (!id) throw new Error('No stored user id: sign in first');
      const { url, state } = await requestHmrcAuthorizationUrl(id);
      saveHmrcAttempt({ state, from, mode: opened ? 'popup' : 'redirect' });
      const address = safeHttpUrl(url);
      if (!address) throw new TypeError(`Not an http(s) address to open: ${url}`);
      if (opened) opened.location.href = address;
      else pageNavigation.assign(address);
    })().catch((error: unknown) => {
      opened?.close();
      popup.current = null;
      setBusy(false);
      handlers.current.onStartError(error);
    });
  };

  return { busy, connect };
}
