import { useDeferredValue } from 'react';

/**
 * A call's answer whose first arrival is drawn in a transition: when it comes, the component first renders once more
 * as it was (its skeletons), and React then draws the answer in short slices between which the browser answers. A
 * query's answer reaches its components in one urgent, unsliced render, which on a phone blocked the page for long
 * where a card drew many rows at once (bench/lighthouse.mjs, Settings). Later answers (a save, a refetch) show at once.
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  return useDeferredValue(value) === undefined ? undefined : value;
}
