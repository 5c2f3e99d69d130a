import { CONNECT_CHANNEL } from '@brade/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectMessage, isSuccess, notifyOpener, parseConnectMessage } from './connect-message';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'opener');
});

describe('connect messages', () => {
  it('names the processor in the type prefix', () => {
    expect(connectMessage('stripe', 'SUCCESS')).toEqual({ type: 'STRIPE_CONNECT_SUCCESS', processor: 'stripe' });
    expect(connectMessage('gocardless', 'ERROR')).toEqual({
      type: 'GOCARDLESS_CONNECT_ERROR',
      processor: 'gocardless',
    });
    expect(isSuccess(connectMessage('sumup', 'SUCCESS'))).toBe(true);
    expect(isSuccess(connectMessage('sumup', 'ERROR'))).toBe(false);
  });

  it('accepts exactly the shape {type, processor} with a type naming the same processor', () => {
    expect(parseConnectMessage({ type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' })).toEqual({
      type: 'SQUARE_CONNECT_SUCCESS',
      processor: 'square',
    });
    const refused: unknown[] = [
      null,
      'STRIPE_CONNECT_SUCCESS',
      ['STRIPE_CONNECT_SUCCESS', 'stripe'],
      { type: 'STRIPE_CONNECT_SUCCESS' },
      { type: 'STRIPE_CONNECT_SUCCESS', processor: 'square' },
      { type: 'PAYPAL_CONNECT_SUCCESS', processor: 'paypal' },
      { type: 'stripe_connect_success', processor: 'stripe' },
      { type: 'XSTRIPE_CONNECT_SUCCESS', processor: 'stripe' },
      { type: 'STRIPE_CONNECT_SUCCESS', processor: 'stripe', code: 'ac_123' },
      { type: 42, processor: 'stripe' },
    ];
    for (const data of refused) expect(parseConnectMessage(data), JSON.stringify(data)).toBeNull();
  });

  it('carries a failure reason only on an error, and only one of the fixed words', () => {
    expect(connectMessage('stripe', 'ERROR', 'denied')).toEqual({
      type: 'STRIPE_CONNECT_ERROR',
      processor: 'stripe',
      reason: 'denied',
    });
    expect(connectMessage('stripe', 'SUCCESS', 'denied')).toEqual({
      type: 'STRIPE_CONNECT_SUCCESS',
      processor: 'stripe',
    });
    expect(parseConnectMessage({ type: 'SUMUP_CONNECT_ERROR', processor: 'sumup', reason: 'unreachable' })).toEqual({
      type: 'SUMUP_CONNECT_ERROR',
      processor: 'sumup',
      reason: 'unreachable',
    });
    const refused: unknown[] = [
      { type: 'SUMUP_CONNECT_SUCCESS', processor: 'sumup', reason: 'denied' },
      { type: 'SUMUP_CONNECT_ERROR', processor: 'sumup', reason: '<img src=x onerror=alert(1)>' },
      { type: 'SUMUP_CONNECT_ERROR', processor: 'sumup', reason: 'denied\u0000' },
      { type: 'SUMUP_CONNECT_ERROR', processor: 'sumup', reason: ['denied'] },
      { type: 'SUMUP_CONNECT_ERROR', processor: 'sumup', reason: null },
    ];
    for (const data of refused) expect(parseConnectMessage(data), JSON.stringify(data)).toBeNull();
  });

  it('posts to the opener at this exact origin and on the BroadcastChannel, with no code or token', async () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    const listener = new BroadcastChannel(CONNECT_CHANNEL);
    const heard = new Promise<unknown>((resolve) => listener.addEventListener('message', (e) => resolve(e.data)));

    notifyOpener(connectMessage('sumup', 'SUCCESS'));

    expect(postMessage).toHaveBeenCalledWith(
      { type: 'SUMUP_CONNECT_SUCCESS', processor: 'sumup' },
      window.location.origin,
    );
    expect(postMessage.mock.calls[0]![1]).not.toBe('*');
    expect(await heard).toEqual({ type: 'SUMUP_CONNECT_SUCCESS', processor: 'sumup' });
    listener.close();
  });
});
