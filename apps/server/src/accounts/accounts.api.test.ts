import { DEMO_ACCOUNT } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../auth/sessions.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { findUserByEmail } from './users.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const business = {
  salon_name: 'Shear Joy',
  business_address: '3 Castle Street, Edinburgh',
  postcode: 'eh1 2dp',
  state: 'Scotland',
  country: 'United Kingdom',
};

describe('POST /api/record_business_information', () => {
  it('stores the business details (postcode normalised) and get-user-details returns them', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await server.post(
      '/api/record_business_information',
      { id: owner.id, full_name: 'Priya Shah', email: owner.email, ...business },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    const details = await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token);
    expect(details.status).toBe(200);
    expect(details.headers.get('cache-control')).toBe('no-store');
    expect(details.body).toEqual({
      full_name: 'Priya Shah',
      email: owner.email,
      profile_photo: null,
      salon_name: 'Shear Joy',
      business_address: '3 Castle Street, Edinburgh',
      postcode: 'EH1 2DP',
      state: 'Scotland',
      country: 'United Kingdom',
      legal_form: null,
    });
  });

  it('keeps the legal form (beyond the spec): stored when given, kept when left out, refused when unknown', async () => {
    const owner = await signUpAndConfirm(server);
    const record = (extra: Record<string, unknown>) =>
      server.post(
        '/api/record_business_information',
        { id: owner.id, full_name: 'Priya Shah', email: owner.email, ...business, ...extra },
        owner.access_token,
      );
    expect((await record({ legal_form: 'sole_trader' })).status).toBe(200);
    const details = () => server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token);
    expect((await details()).body.legal_form).toBe('sole_trader');
    const profile = await server.post(
      '/api/database/update-business-info',
      { id: owner.id, details: { ...business, salon_name: 'Shear Joy Two' } },
      owner.access_token,
    );
    expect(profile.status).toBe(200);
    expect((await details()).body).toMatchObject({ salon_name: 'Shear Joy Two', legal_form: 'sole_trader' });
    const changed = await server.post(
      '/api/database/update-business-info',
      { id: owner.id, details: { ...business, legal_form: 'limited_company' } },
      owner.access_token,
    );
    expect(changed.status).toBe(200);
    expect((await details()).body.legal_form).toBe('limited_company');
    const unknown = await record({ legal_form: 'charity' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.legal_form).toBe('Legal form must be sole_trader, partnership or limited_company.');
    expect((await details()).body.legal_form).toBe('limited_company');
  });

  it.each([
    [{ postcode: 'NOT A CODE' }, 'postcode', 'Please enter a valid UK postcode'],
    [{ salon_name: '' }, 'salon_name', 'Salon Name is required'],
    [{ business_address: '   ' }, 'business_address', 'Business Address is required'],
    [{ state: 'Texas' }, 'state', 'Please choose England, Scotland, Wales or Northern Ireland'],
    [{ country: 'France' }, 'country', 'Country must be United Kingdom'],
  ])('refuses %j with a field message and changes nothing', async (patch, field, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await server.post(
      '/api/record_business_information',
      { id: owner.id, full_name: 'Priya Shah', email: owner.email, ...business, ...patch },
      owner.access_token,
    );
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    const details = await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token);
    expect(details.body.salon_name).toBeNull();
  });

  it("gives 404 for another owner's id and 401 without a token", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const body = { id: b.id, full_name: 'Mallory', email: b.email, ...business };
    const res = await server.post('/api/record_business_information', body, a.access_token);
    expect(res.status).toBe(404);
    expect((await server.post('/api/record_business_information', body)).status).toBe(401);
    expect((await server.get(`/api/database/get-user-details/${b.id}`, a.access_token)).status).toBe(404);
    expect((await server.get('/api/database/get-user-details/not-a-uuid', a.access_token)).status).toBe(404);
    expect((await server.get(`/api/database/get-user-details/${b.id}`, b.access_token)).body.salon_name).toBeNull();
  });
});

describe('the demo account', () => {
  it('reads its details but the server refuses its profile and password writes', async () => {
    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const { id, access_token } = signin.body;
    const write = await server.post(
      '/api/record_business_information',
      { id, full_name: 'Hacker', email: DEMO_ACCOUNT.email, ...business },
      access_token,
    );
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      error: 'The demo account is read-only: its business information cannot be changed.',
      code: 'demo_read_only',
    });

    const demo = await findUserByEmail(server.ctx.database.db, DEMO_ACCOUNT.email);
    const recovery = await startSession(
      { db: server.ctx.database.db, accessKey: server.ctx.accessKey },
      demo!.id,
      'recovery',
    );
    const password = await server.post('/api/update_password', { ...recovery, password: 'Different9x' });
    expect(password.status).toBe(403);
    expect(password.body.error).toBe('The demo account is read-only: its password cannot be changed.');
    expect(
      (await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).status,
    ).toBe(200);
  });
});
