import type { ComponentType } from 'react';
import { TIMINGS } from '../ui/timings';

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`A part of the app did not load within ${ms / 1000} seconds.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Settles like `load()`, or rejects once `ms` have passed so a stalled download ends on the error page. */
export function withTimeout<T>(load: () => Promise<T>, ms: number = TIMINGS.chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

type PageModule = { default: ComponentType };

/**
 * The one way routes load their screen: a React Router `lazy` function over a dynamic import, bounded by the
 * spec's 120-second chunk timeout. A rejection reaches the route's errorElement (the generic error page).
 */
export function lazyPage(load: () => Promise<PageModule>, ms?: number) {
  return async () => {
    const module = await withTimeout(load, ms);
    return { Component: module.default };
  };
}
