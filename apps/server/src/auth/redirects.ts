/**
 * The reset link may only send the browser back into Brade itself: any other target (another origin, a
 * javascript: URL, garbage) falls back to the app's own /set-new-password, so the link is no open redirect.
 */
export function safeRecoveryRedirect(publicUrl: string, requested: string | undefined | null): string {
  const fallback = `${publicUrl}/set-new-password`;
  if (!requested) return fallback;
  try {
    const target = new URL(requested);
    if (target.origin !== new URL(publicUrl).origin) return fallback;
    target.hash = '';
    return target.toString();
  } catch {
    return fallback;
  }
}
