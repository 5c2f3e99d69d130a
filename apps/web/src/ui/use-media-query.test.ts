import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

afterEach(() => vi.unstubAllGlobals());

/** A matchMedia whose one list matches while `state.matches`, telling its listeners when `change()` is called. */
function stubMatchMedia(initially: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: initially };
  const list = {
    get matches() {
      return state.matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const matchMedia = vi.fn(() => list);
  vi.stubGlobal('matchMedia', matchMedia);
  const change = (matches: boolean) => {
    state.matches = matches;
    for (const listener of listeners) listener();
  };
  return { matchMedia, listeners, change };
}

describe('useMediaQuery', () => {
  it('answers from the first render, and follows the query’s changes until unmounted', () => {
    const media = stubMatchMedia(true);
    const { result, unmount } = renderHook(() => useMediaQuery('(max-width:1024px)'));
    expect(result.current).toBe(true);
    expect(media.matchMedia).toHaveBeenCalledWith('(max-width:1024px)');
    act(() => media.change(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('is false without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery('(max-width:1024px)'));
    expect(result.current).toBe(false);
  });
});
