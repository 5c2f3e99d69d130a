import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstScreen } from './use-after-first-screen';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Fake timers, and the frames and idle callbacks the hook asks for, held for the test to run. */
function stubBrowser() {
  vi.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  const idles: IdleRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  /** The two frames after which the first screen has been shown. */
  const paint = () => {
    act(() => frames.shift()!(0));
    act(() => frames.shift()!(16));
  };
  return { frames, idles, paint };
}

describe('useAfterFirstScreen', () => {
  it('is false on the first render, and true once the next frame has been shown', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const { result } = renderHook(() => useAfterFirstScreen());
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
    const { result, rerender } = renderHook(() => useAfterFirstScreen());
    expect(result.current).toBe(false);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(true);
    rerender();
    expect(result.current).toBe(true);
  });

  it("'idle' waits for the paint, then for an idle browser", () => {
    const { idles, paint } = stubBrowser();
    const { result } = renderHook(() => useAfterFirstScreen('idle'));
    expect(idles).toHaveLength(0);
    paint();
    act(() => vi.advanceTimersByTime(0));
    // Painted, not yet idle.
    expect(result.current).toBe(false);
    expect(idles).toHaveLength(1);
    act(() => idles.shift()!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
  });

  it("'idle' waits for what it is told to be ready for before it waits for an idle browser", () => {
    const { idles, paint } = stubBrowser();
    const { result, rerender } = renderHook(({ ready }) => useAfterFirstScreen('idle', ready), {
      initialProps: { ready: false },
    });
    paint();
    // Painted and the browser idle long since, but not ready: nothing asked.
    act(() => vi.advanceTimersByTime(10_000));
    expect(idles).toHaveLength(0);
    expect(result.current).toBe(false);
    rerender({ ready: true });
    // A second later, once what became ready has been drawn.
    act(() => vi.advanceTimersByTime(999));
    expect(idles).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(idles).toHaveLength(1);
    act(() => idles.shift()!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
  });
});
