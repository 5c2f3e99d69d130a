import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAuthority } from '../../../test/hmrc-test-helpers';
import { createHmrcSimulator } from '../hmrc-simulator';
import { joinChoices } from './consent-fields';

const REDIRECT = 'http://127.0.0.1:3000/hmrc-redirect';
let url: string;
let close: () => Promise<void>;
let simulator: ReturnType<typeof createHmrcSimulator>;

const authorizeUrl = (scope: string) => {
  const address = new URL(`${url}/oauth/authorize`);
  address.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'brade-sandbox',
    scope,
    state: 's',
    redirect_uri: REDIRECT,
  }).toString();
  return address.toString();
};

beforeAll(async () => {
  const app = Fastify();
  simulator = createHmrcSimulator({
    now: () => new Date('2026-11-20T10:00:00Z'),
    publicBaseUrl: '',
    redirectUris: [REDIRECT],
  });
  await app.register(simulator.plugin);
  url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  close = () => app.close();
});
afterAll(() => close());

describe('the grant-authority page’s Income Tax part', () => {
  it('asks for a National Insurance number only when the Income Tax scopes are asked for', async () => {
    const vat = await (await fetch(authorizeUrl('read:vat write:vat'))).text();
    expect(vat).toContain('VAT registration number');
    expect(vat).not.toContain('National Insurance number');
    const incomeTax = await (await fetch(authorizeUrl('read:self-assessment write:self-assessment'))).text();
    expect(incomeTax).toContain('National Insurance number');
    expect(incomeTax).toContain('view your Self Assessment information');
    expect(incomeTax).not.toContain('VAT registration number');
  });

  it('refuses a number HMRC never gives, with its reason, and keeps what was typed', async () => {
    const refused = await grantAuthority(authorizeUrl('read:self-assessment write:self-assessment'), {
      nino: 'BG123456A',
    });
    expect(refused.status).toBe(400);
    expect(refused.location).toBeNull();
    expect(refused.html).toContain('BG is not a prefix HMRC gives National Insurance numbers');
    expect(refused.html).toContain('value="BG123456A"');
    const empty = await grantAuthority(authorizeUrl('read:self-assessment'), { nino: '' });
    expect(empty.html).toContain('Enter the individual’s National Insurance number.');
  });

  it('takes either number when both services are asked for, and makes the taxpayer of each given', async () => {
    const both = 'read:vat write:vat read:self-assessment write:self-assessment';
    const neither = await grantAuthority(authorizeUrl(both), { vrn: '', nino: '' });
    expect(neither.html).toContain('Enter a VAT registration number, a National Insurance number, or both.');
    const ninoOnly = await grantAuthority(authorizeUrl(both), { vrn: '', nino: 'CE123456B', quarterType: 'calendar' });
    expect(ninoOnly.location?.searchParams.get('code')).toBeTruthy();
    expect(simulator.context.itsa.get('CE123456B')).toMatchObject({ quarterType: 'calendar', joinedFrom: '2026-27' });
  });

  it('offers the years from 2025-26 and starts at the year of the latest quarter ended', () => {
    expect(joinChoices('2026-11-20')).toEqual({ years: ['2025-26', '2026-27'], preselected: '2026-27' });
    // Before 5 July the latest quarter ended is the previous year's last.
    expect(joinChoices('2027-06-01')).toEqual({ years: ['2025-26', '2026-27', '2027-28'], preselected: '2026-27' });
  });
});
