import { type RefObject, useEffect, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page rendered at build time (apps/web/prerender.mjs) is being hydrated, and in that render itself;
 * true once the app has taken over, and at once on a page the browser renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A rendered page's fields take typing before its script has run; hydration keeps that text on screen but not in
 * React's state, so the next render would clear it. Once hydrated, each named field's text is handed to its setter.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  setters: Record<string, (value: string) => void>,
): void {
  // Read once, when the form first mounts: later typing reaches the setters through onChange.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields are read on mount only
  useEffect(() => {
    for (const [name, set] of Object.entries(setters)) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement && field.value) set(field.value);
    }
  }, []);
}
