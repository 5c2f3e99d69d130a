import { CONNECT_CHANNEL, type ConnectMessage } from '@brade/contract';
import { type RefObject, useEffect, useRef } from 'react';
import { parseConnectMessage } from './connect-message';

/**
 * Listens for the pop-up's done/failed signal (docs/security-decisions.md, "Connecting providers (OAuth and the
 * pop-up)"):
 * - window messages only from exactly this origin and only from the pop-up this page opened, in the exact shape;
 * - the same-origin BroadcastChannel (same origin by construction), which still arrives when a provider's page cut
 *   the pop-up's link to its opener.
 * Both may deliver the same signal; the caller acts on the first for the connection it is waiting for.
 */
export function useConnectMessages(popupRef: RefObject<Window | null>, onMessage: (message: ConnectMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (popupRef.current === null || event.source !== popupRef.current) return;
      const message = parseConnectMessage(event.data);
      if (message) handler.current(message);
    };
    window.addEventListener('message', onWindowMessage);

    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CONNECT_CHANNEL) : null;
    const onChannelMessage = (event: MessageEvent) => {
      const message = parseConnectMessage(event.data);
      if (message) handler.current(message);
    };
    channel?.addEventListener('message', onChannelMessage);
    return () => {
      window.removeEventListener('message', onWindowMessage);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
    };
  }, [popupRef]);
}
