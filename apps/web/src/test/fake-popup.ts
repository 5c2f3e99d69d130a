import { CONNECT_CHANNEL } from '@brade/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Test support: a stand-in for the window that window.open returns. */
export interface FakePopup {
  location: { href: string };
  closed: boolean;
  close: () => void;
}

/** Makes window.open return a fresh fake pop-up (or null: blocked); the returned list collects the opened ones. */
export function stubWindowOpen(blocked = false) {
  const opened: FakePopup[] = [];
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    if (blocked) return null;
    const popup: FakePopup = {
      location: { href: 'about:blank' },
      closed: false,
      close() {
        popup.closed = true;
      },
    };
    opened.push(popup);
    return popup as unknown as Window;
  });
  return { open, opened };
}

/** A window message as the browser delivers it: `origin` and `source` are the sender's, not the sender's say. */
export function postWindowMessage(data: unknown, { origin, source }: { origin: string; source: unknown }) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

/** A message on the connect BroadcastChannel from another same-origin window, awaited until delivered. */
export async function broadcast(data: unknown) {
  const sender = new BroadcastChannel(CONNECT_CHANNEL);
  const probe = new BroadcastChannel(CONNECT_CHANNEL);
  const delivered = new Promise((resolve) => probe.addEventListener('message', resolve, { once: true }));
  sender.postMessage(data);
  await act(async () => {
    await delivered;
    // The listener under test sits on its own channel object; let its delivery run too.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  sender.close();
  probe.close();
}
