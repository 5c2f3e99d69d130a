import { describe, expect, it } from 'vitest';
import { errorAnswersOf } from './endpoint.js';
import { ALL_ENDPOINTS } from './index.js';

// What /api/docs says of each call comes from here (apps/server/src/http/api-description.ts; docs/api-contract.md).
describe('each endpoint as an outside client reads it', () => {
  it('has a name no other endpoint has, and a one-line summary', () => {
    const names = ALL_ENDPOINTS.map((endpoint) => endpoint.operationId);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const endpoint of ALL_ENDPOINTS) expect(endpoint.summary, endpoint.path).toMatch(/^[A-Z][^\n]{10,120}$/);
  });

  it('derives its error answers from its auth and input, and adds what it declares', () => {
    const byName = (name: string) => ALL_ENDPOINTS.find((endpoint) => endpoint.operationId === name)!;
    // Any call's address can be refused (a NUL byte, a lone surrogate), and any call can meet a server that is stopping.
    expect(errorAnswersOf(byName('health'))).toEqual([400, 503]);
    expect(errorAnswersOf(byName('signin'))).toEqual([400, 401, 429, 503]);
    expect(errorAnswersOf(byName('getUserDetails'))).toEqual([400, 401, 404, 503]);
    // The owner is named in the body (`user_id`), not the path; the demo account cannot connect a bank, and the bank
    // may not answer.
    expect(errorAnswersOf(byName('buildABankLink'))).toEqual([400, 401, 403, 404, 502, 503]);
    // Signed in, but naming no owner: nobody else's id to refuse.
    expect(errorAnswersOf(byName('chooseABank'))).toEqual([400, 401, 502, 503]);
    expect(errorAnswersOf(byName('updatePasswordFromRecovery'))).toEqual([400, 401, 403, 429, 503]);
  });
});
