/**
 * Reads the consent page's form (action and hidden fields) so tests and scripted demos can press Approve or Deny with
 * plain HTTP, exactly as a browser would submit it.
 */
export function readConsentForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error('No consent form on the page');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decodeEntities(match[1] ?? '')] = decodeEntities(match[2] ?? '');
  }
  return { action: decodeEntities(action), fields };
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Submits the consent form with the given decision and returns the redirect target (the response is not followed). */
export async function submitConsent(html: string, decision: 'approve' | 'deny'): Promise<URL> {
  const { action, fields } = readConsentForm(html);
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`Consent answered ${response.status}, expected a redirect`);
  return new URL(location);
}
