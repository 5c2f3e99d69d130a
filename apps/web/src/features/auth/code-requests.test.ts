import { describe, expect, it } from 'vitest';
import { codeRequests, RESEND_WAIT_MS, recordCodeRequest, resendWait } from './code-requests';

const t0 = Date.UTC(2026, 10, 23, 10, 0, 0);
const minute = 60_000;

describe('resendWait', () => {
  it('allows a request at once when none was made', () => {
    expect(resendWait([], t0)).toEqual({ until: null, hourlyCap: false });
  });

  it('waits a minute from the last request', () => {
    expect(resendWait([t0], t0 + 18_000)).toEqual({ until: t0 + RESEND_WAIT_MS, hourlyCap: false });
    expect(resendWait([t0], t0 + RESEND_WAIT_MS)).toEqual({ until: null, hourlyCap: false });
  });

  it('after five requests in an hour waits until the oldest of them is an hour old', () => {
    const five = [0, 2, 4, 6, 8].map((m) => t0 + m * minute);
    expect(resendWait(five, t0 + 10 * minute)).toEqual({ until: t0 + 60 * minute, hourlyCap: true });
    expect(resendWait(five, t0 + 60 * minute)).toEqual({ until: null, hourlyCap: false });
    expect(resendWait(five.slice(1), t0 + 10 * minute)).toEqual({ until: null, hourlyCap: false });
  });
});

describe('recordCodeRequest', () => {
  it('keeps the last hour of one address, whatever its case', () => {
    recordCodeRequest('Amelia@Example.com', t0 - 2 * 60 * minute);
    recordCodeRequest('amelia@example.com', t0);
    expect(codeRequests('AMELIA@example.com', t0 + minute)).toEqual([t0]);
    expect(codeRequests('other@example.com', t0 + minute)).toEqual([]);
  });

  it('starts afresh for another address and survives a damaged record', () => {
    recordCodeRequest('a@example.com', t0);
    recordCodeRequest('b@example.com', t0 + minute);
    expect(codeRequests('a@example.com', t0 + 2 * minute)).toEqual([]);
    localStorage.setItem('otp_code_requests', '{not json');
    expect(codeRequests('b@example.com', t0 + 2 * minute)).toEqual([]);
    recordCodeRequest('b@example.com', t0 + 3 * minute);
    expect(codeRequests('b@example.com', t0 + 4 * minute)).toEqual([t0 + 3 * minute]);
  });
});
