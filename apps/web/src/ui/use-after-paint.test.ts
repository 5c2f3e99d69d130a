import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAfterPaint', () => {
  it('is false on the first render, and true once the next frame has been shown', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const { result } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    // The next frame's callback runs before it is painted: still false.
    act(() => frames.shift()!(0));
    expect(result.current).toBe(false);
    // The one after it runs once that frame has been shown.
    act(() => frames.shift()!(16));
    expect(result.current).toBe(true);
  });

  it('turns true without a frame (a tab in the background), and stays true', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const { result, rerender } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(true);
    rerender();
    expect(result.current).toBe(true);
  });
});
