import { DEMO_ACCOUNT, MESSAGES, PROFILE_MESSAGES } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
const details = async (owner: { id: string; access_token: string }) =>
  (await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token)).body;

const business = {
  salon_name: 'Shear Joy',
  business_address: '3 Castle Street, Edinburgh',
  postcode: 'eh1 2dp',
  state: 'Scotland',
  country: 'United Kingdom',
};

async function demoSession() {
  const res = await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  return res.body as { id: string; access_token: string; refresh_token: string };
}

describe('POST /api/database/update-personal-info', () => {
  it('renames the owner (trimmed) with the spec sentence', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await server.post(
      '/api/database/update-personal-info',
      { id: owner.id, details: { full_name: '  Priya Shah-Jones ' } },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PROFILE_MESSAGES.personal.success });
    expect((await details(owner)).full_name).toBe('Priya Shah-Jones');
  });

  it.each([
    [{ full_name: '   ' }, 'Full Name is required'],
    [{ full_name: 'x'.repeat(121) }, 'Full Name must be 120 characters or fewer'],
    [{}, 'Full Name is required'],
  ])('refuses %j with a sentence and keeps the name', async (detailsPatch, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await server.post(
      '/api/database/update-personal-info',
      { id: owner.id, details: detailsPatch },
      owner.access_token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await details(owner)).full_name).toBe('Priya Shah');
  });

  it("answers 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const body = { id: b.id, details: { full_name: 'Mallory' } };
    expect((await server.post('/api/database/update-personal-info', body, a.access_token)).status).toBe(404);
    expect((await server.post('/api/database/update-personal-info', body)).status).toBe(401);
    expect((await details(b)).full_name).toBe('Priya Shah');

    const demo = await demoSession();
    const refused = await server.post(
      '/api/database/update-personal-info',
      { id: demo.id, details: { full_name: 'Hacker' } },
      demo.access_token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its personal information cannot be changed.');
    expect((await details(demo)).full_name).toBe(DEMO_ACCOUNT.fullName);
  });
});

describe('POST /api/database/update-business-info', () => {
  it('stores the business section with the postcode normalised', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await server.post(
      '/api/database/update-business-info',
      { id: owner.id, details: business },
      owner.access_token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PROFILE_MESSAGES.business.success });
    expect(await details(owner)).toMatchObject({
      full_name: 'Priya Shah',
      salon_name: 'Shear Joy',
      business_address: '3 Castle Street, Edinburgh',
      postcode: 'EH1 2DP',
      state: 'Scotland',
      country: 'United Kingdom',
    });
  });

  it.each([
    [{ postcode: 'NOT A CODE' }, 'details.postcode', 'Please enter a valid UK postcode'],
    [{ postcode: '90210' }, 'details.postcode', 'Please enter a valid UK postcode'],
    [{ salon_name: '' }, 'details.salon_name', 'Salon Name is required'],
    [{ business_address: '  ' }, 'details.business_address', 'Business Address is required'],
    [{ state: 'Texas' }, 'details.state', 'Please choose England, Scotland, Wales or Northern Ireland'],
    [{ country: 'Ireland' }, 'details.country', 'Country must be United Kingdom'],
  ])('refuses %j with a field sentence and stores nothing', async (patch, field, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await server.post(
      '/api/database/update-business-info',
      { id: owner.id, details: { ...business, ...patch } },
      owner.access_token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields[field]).toBe(message);
    expect((await details(owner)).salon_name).toBeNull();
  });

  it("answers 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const body = { id: b.id, details: business };
    expect((await server.post('/api/database/update-business-info', body, a.access_token)).status).toBe(404);
    expect((await server.post('/api/database/update-business-info', body)).status).toBe(401);
    expect((await details(b)).salon_name).toBeNull();

    const demo = await demoSession();
    const refused = await server.post(
      '/api/database/update-business-info',
      { id: demo.id, details: business },
      demo.access_token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its business information cannot be changed.');
    expect((await details(demo)).salon_name).toBe(DEMO_ACCOUNT.salonName);
  });
});

describe('POST /api/database/update-password', () => {
  const change = (owner: Owner, new_password: string, current_password = GOOD_PASSWORD, token = owner.access_token) =>
    server.post('/api/database/update-password', { id: owner.id, current_password, new_password }, token);
  const signIn = (email: string, password: string) => server.post('/api/signin_user', { email, password });

  it('changes the password, keeps this session, ends the others and e-mails the owner', async () => {
    const owner = await signUpAndConfirm(server);
    const other = (await signIn(owner.email, GOOD_PASSWORD)).body;
    const res = await change(owner, 'Balayage77');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PROFILE_MESSAGES.password.success });

    expect((await signIn(owner.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(owner.email, 'Balayage77')).status).toBe(200);
    // This session carries on; the other device's access and refresh tokens are dead.
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token)).status).toBe(200);
    expect((await server.get(`/api/database/get-user-details/${owner.id}`, other.access_token)).status).toBe(401);
    expect((await server.post('/api/refresh_token', { refresh_token: other.refresh_token })).status).toBe(401);
    const [mail] = await server.mailsTo(owner.email);
    expect(mail?.subject).toBe('Your Brade password was changed');
  });

  it('needs the current password: missing or wrong, nothing changes', async () => {
    const owner = await signUpAndConfirm(server);
    const missing = await server.post(
      '/api/database/update-password',
      { id: owner.id, new_password: 'Balayage77' },
      owner.access_token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.fields.current_password).toBe('Current Password is required');
    const wrong = await change(owner, 'Balayage77', 'NotMine2026');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Your current password is not correct.');
    expect(wrong.body.fields.current_password).toBe('Your current password is not correct.');
    expect((await signIn(owner.email, GOOD_PASSWORD)).status).toBe(200);
    expect((await signIn(owner.email, 'Balayage77')).status).toBe(401);
  });

  it('ends every session and e-mails the owner after 5 wrong current passwords in 15 minutes', async () => {
    const owner = await signUpAndConfirm(server);
    const other = (await signIn(owner.email, GOOD_PASSWORD)).body;
    for (let i = 0; i < 4; i++) expect((await change(owner, 'Balayage77', `NotMine202${i}`)).status).toBe(400);
    const fifth = await change(owner, 'Balayage77', 'NotMine2029');
    expect(fifth.status).toBe(401);
    expect(fifth.body.error).toBe(PROFILE_MESSAGES.password.signedOutEverywhere);
    for (const session of [owner, other]) {
      expect((await server.get(`/api/database/get-user-details/${owner.id}`, session.access_token)).status).toBe(401);
      expect((await server.post('/api/refresh_token', { refresh_token: session.refresh_token })).status).toBe(401);
    }
    expect((await server.mailsTo(owner.email))[0]?.subject).toBe('Your Brade account was signed out everywhere');
    // The owner signs in again with the unchanged password.
    expect((await signIn(owner.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['short', 'Password does not meet all requirements'],
    ['alllowercase1', 'Password does not meet all requirements'],
    ['NoDigitsHere', 'Password does not meet all requirements'],
    ['Waytoolongpassword123', 'Password does not meet all requirements'],
    ['Password123', 'Password does not meet all requirements'],
    ['Liverpool2026!', 'Password does not meet all requirements'],
    ['Brade2027', 'Password does not meet all requirements'],
  ])('refuses %s with "%s" and keeps the old password', async (password, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await change(owner, password);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields.new_password).toBe(message);
    // Only a common password, which passes every rule chip, carries the reason.
    const common = ['Password123', 'Liverpool2026!', 'Brade2027'].includes(password);
    expect(res.body.reason).toBe(common ? MESSAGES.signup.commonPassword : undefined);
    expect((await signIn(owner.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("answers 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const body = { id: b.id, current_password: GOOD_PASSWORD, new_password: 'Balayage77' };
    expect((await server.post('/api/database/update-password', body, a.access_token)).status).toBe(404);
    expect((await server.post('/api/database/update-password', body)).status).toBe(401);
    expect((await signIn(b.email, GOOD_PASSWORD)).status).toBe(200);

    const demo = await demoSession();
    const refused = await server.post(
      '/api/database/update-password',
      { id: demo.id, current_password: DEMO_ACCOUNT.password, new_password: 'Balayage77' },
      demo.access_token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its password cannot be changed.');
    expect((await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).status).toBe(200);
  });
});
