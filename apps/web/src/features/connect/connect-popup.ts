import { POPUP_SIZE } from '@brade/contract';

/** window.open's name: a second Connect reuses the same pop-up rather than stacking windows. */
export const POPUP_NAME = 'brade-connect';

/** The 600x600 window (docs/product.md, "Constants and looks") centred over the current browser window. */
export function popupFeatures(view: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, Math.round(view.screenX + (view.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(view.screenY + (view.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens an empty pop-up. It must run synchronously inside the click handler: pop-up blockers allow a window only
 * there, and the provider's address is fetched afterwards. Null when the browser blocked it.
 */
export function openConnectPopup(): Window | null {
  const popup = window.open('', POPUP_NAME, popupFeatures(window));
  if (!popup) return null;
  try {
    // The blank window is ours until it navigates; a line of text is better than an empty white box.
    popup.document.title = 'Connecting…';
    popup.document.body.textContent = 'Opening the secure sign-in page…';
    popup.document.body.style.font = '16px system-ui, sans-serif';
    popup.document.body.style.padding = '24px';
  } catch {
    // A reused window may already show another origin's page; it is about to be navigated anyway.
  }
  return popup;
}

/** Only an absolute http(s) address may become the pop-up's page: never javascript: or data: from a bad answer. */
export function safeHttpUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** The whole tab leaves for the provider when no pop-up could open; a seam so tests can watch it. */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
