/**
 * A complete, valid WEB_APP_VIA_SERVER header set as a browser behind Brade's server would produce it, for tests of
 * the simulator. The addresses are in the ranges set aside for documentation, as HMRC's own examples are.
 */
export function validFraudHeaders(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
    'Gov-Client-Browser-JS-User-Agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
    'Gov-Client-Multi-Factor': '',
    'Gov-Client-Public-IP': '198.51.100.23',
    'Gov-Client-Public-IP-Timestamp': '2026-04-20T10:00:00.000Z',
    'Gov-Client-Public-Port': '50123',
    'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
    'Gov-Client-Timezone': 'UTC+01:00',
    'Gov-Client-User-IDs': 'brade=4f6b1c1e-5d7a-4a8e-9a57-7b0c3c5a1f00',
    'Gov-Client-Window-Size': 'width=1440&height=900',
    'Gov-Vendor-Forwarded': 'by=203.0.113.6&for=198.51.100.23',
    'Gov-Vendor-License-IDs': '',
    'Gov-Vendor-Product-Name': 'Brade',
    'Gov-Vendor-Public-IP': '203.0.113.6',
    'Gov-Vendor-Version': 'brade-web=0.1.0&brade-server=0.1.0',
    ...overrides,
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (text: string) => text.replace(/&amp;|&quot;|&#39;|&lt;|&gt;/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * Opens the simulator's grant-authority page and answers it as a browser would (the form's request id, the VRN and
 * periods typed, the button pressed); returns where HMRC sends the browser back, without following it.
 */
export async function grantAuthority(
  authorizeUrl: string,
  answer: {
    vrn?: string;
    periods?: string;
    decision?: 'approve' | 'deny';
    /** The Income Tax fields, sent when a NINO is given (the page shows them for the Income Tax scopes). */
    nino?: string;
    quarterType?: string;
    joinedFrom?: string;
    tradingNames?: string;
  } = {},
): Promise<{ status: number; location: URL | null; html: string }> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  if (page.status !== 200)
    return { status: page.status, location: locationOf(page, authorizeUrl), html: await page.text() };
  const html = await page.text();
  const requestId = decode(/name="request_id" value="([^"]*)"/.exec(html)?.[1] ?? '');
  const action = new URL('authorize', authorizeUrl);
  const response = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      request_id: requestId,
      vrn: answer.vrn ?? (answer.nino ? '' : '980780684'),
      periods: answer.periods ?? 'mar_jun_sep_dec',
      decision: answer.decision ?? 'approve',
      ...(answer.nino !== undefined
        ? {
            nino: answer.nino,
            quarter_type: answer.quarterType ?? 'standard',
            ...(answer.joinedFrom ? { joined_from: answer.joinedFrom } : {}),
            trading_names: answer.tradingNames ?? '',
          }
        : {}),
    }).toString(),
  });
  return { status: response.status, location: locationOf(response, authorizeUrl), html: await response.text() };
}

function locationOf(response: Response, base: string): URL | null {
  const location = response.headers.get('location');
  return location ? new URL(location, base) : null;
}
