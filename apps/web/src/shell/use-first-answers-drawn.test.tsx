import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFirstAnswersDrawn } from './use-first-answers-drawn';

afterEach(() => vi.useRealTimers());

/** The page's area, as the shell's <main>. */
const area = { current: document.createElement('main') };

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useFirstAnswersDrawn', () => {
  it('is false while a call is in flight, true once none is, and stays true when the next call starts', async () => {
    const client = new QueryClient();
    let answer: (value: number) => void = () => {};
    void client.fetchQuery({
      queryKey: ['first'],
      queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
    });
    const { result } = renderHook(() => useFirstAnswersDrawn(area), { wrapper: withClient(client) });
    expect(result.current).toBe(false);
    await act(async () => answer(1));
    await waitFor(() => expect(result.current).toBe(true));
    void client.fetchQuery({ queryKey: ['second'], queryFn: () => new Promise<number>(() => {}) });
    await act(async () => {});
    expect(result.current).toBe(true);
  });

  it('is true at once when nothing is being asked', () => {
    const { result } = renderHook(() => useFirstAnswersDrawn(area), { wrapper: withClient(new QueryClient()) });
    expect(result.current).toBe(true);
  });

  it('turns true after a while when a call never ends', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['hangs'], queryFn: () => new Promise<number>(() => {}) });
    const { result } = renderHook(() => useFirstAnswersDrawn(area), { wrapper: withClient(client) });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(true);
  });

  it('waits while the page marks something busy (aria-busy), though no call is in flight', async () => {
    const page = document.createElement('div');
    page.setAttribute('aria-busy', 'true');
    const main = document.createElement('main');
    main.append(page);
    const { result } = renderHook(() => useFirstAnswersDrawn({ current: main }), {
      wrapper: withClient(new QueryClient()),
    });
    expect(result.current).toBe(false);
    await act(async () => page.setAttribute('aria-busy', 'false'));
    await waitFor(() => expect(result.current).toBe(true));
  });
});
