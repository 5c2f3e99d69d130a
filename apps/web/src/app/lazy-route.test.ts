import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../ui/timings';
import { ChunkLoadTimeoutError, lazyPage, withTimeout } from './lazy-route';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up on a chunk that never arrives after 120 seconds, not before', async () => {
    const settled = vi.fn();
    const result = withTimeout(() => new Promise<never>(() => {})).then(settled, (error: unknown) => {
      settled(error);
      return error;
    });

    await vi.advanceTimersByTimeAsync(TIMINGS.chunkTimeoutMs - 1);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(TIMINGS.chunkTimeoutMs).toBe(120_000);
  });

  it('resolves with the module when it arrives in time and leaves no timer behind', async () => {
    const module = { default: () => null };
    const result = withTimeout(() => new Promise((resolve) => setTimeout(() => resolve(module), 5_000)));
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failed import straight through', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withTimeout(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});

function Screen() {
  return null;
}

describe('lazyPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands React Router the default export as Component', async () => {
    await expect(lazyPage(() => Promise.resolve({ default: Screen }))()).resolves.toEqual({ Component: Screen });
  });

  it('rejects a stalled route chunk after the timeout', async () => {
    const load = lazyPage(() => new Promise<never>(() => {}));
    const result = load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMINGS.chunkTimeoutMs);
    expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
  });
});
