/**
 * The spec always shows Use Test Account; with DEMO_ACCOUNT=false there is no demo account, so the server marks
 * the page (apps/server/src/http/spa.ts) and the button is left out rather than offer a sign-in that fails.
 */
export function demoAccountOffered(): boolean {
  // At build time (src/app/prerender-entry.tsx) there is no page: the page rendered then offers it, and the server
  // sends the unrendered page where the demo account is off.
  if (typeof document === 'undefined') return true;
  return document.querySelector('meta[name="brade-demo-account"][content="off"]') === null;
}
