/**
 * Test support: answers the Stripe simulator's consent page the way a browser would (GET the authorisation URL,
 * submit the form's Approve or Deny button with the merchant e-mail field) and returns the redirect it sends
 * back to Brade, unfollowed.
 */
export async function answerStripeConsent(
  authorizationUrl: string,
  decision: 'approve' | 'deny',
  login = 'owner@salon.example',
): Promise<URL> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !requestId) throw new Error('the consent page has no form');
  const fields = new URLSearchParams({ request_id: requestId, decision });
  // The e-mail field picks the sandbox merchant; Deny skips validation, as `formnovalidate` does in a browser.
  if (/name="login"/.test(html)) fields.set('login', login);
  const answer = await fetch(new URL(action, authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent answer was ${answer.status}, not a redirect`);
  return new URL(location);
}
