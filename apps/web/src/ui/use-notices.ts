import { useCallback, useEffect, useRef, useState } from 'react';

export type NoticeSeverity = 'success' | 'error' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  /** The spec's sentence, word for word. */
  text: string;
  /** The server's own reason, when it gave one (e.g. why a password was refused). */
  detail?: string | undefined;
  /** What the notice is about (a form's section): it goes when that is cancelled or fixed (`dismissTagged`). */
  tag?: string | undefined;
}

/** Successes fade on their own; failures stay until the owner closes them. */
export const SUCCESS_NOTICE_MS = 6000;

/**
 * The alerts a screen raises after a save (docs/product.md, "Failures" says "alert"; window.alert would block the
 * page).
 */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((notice) => notice.id !== id)), []);

  const dismissTagged = useCallback(
    (tag: string) => setNotices((list) => (list.some((n) => n.tag === tag) ? list.filter((n) => n.tag !== tag) : list)),
    [],
  );

  const notify = useCallback(
    (severity: NoticeSeverity, text: string, detail?: string, tag?: string) => {
      const id = nextId.current++;
      setNotices((list) => [...list, { id, severity, text, detail, tag }]);
      if (severity === 'success') {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          dismiss(id);
        }, SUCCESS_NOTICE_MS);
        timers.current.add(timer);
      }
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return { notices, notify, dismiss, dismissTagged };
}
