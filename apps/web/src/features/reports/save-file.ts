/** Revoking at once can cancel a download that has not started yet; a minute is ample. */
const KEEP_URL_MS = 60_000;

/** Downloads a blob under `fileName` through a temporary link, as browsers require for generated files. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}

/**
 * Opens an empty tab now, while the click still counts as the user's gesture (pop-up blockers allow only that),
 * so a document made afterwards can be shown in it. Null when the browser blocked it.
 */
export function openPendingTab(message: string): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The new tab must not be able to reach back into the app.
  tab.opener = null;
  try {
    tab.document.title = message;
    tab.document.body.textContent = message;
  } catch {
    // Some browsers give the blank tab another origin; the message is only a courtesy.
  }
  return tab;
}

/** Shows a blob in a tab from openPendingTab; its address is kept for ten minutes so the tab can load it. */
export function showBlobInTab(tab: Window, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 10 * KEEP_URL_MS);
}
