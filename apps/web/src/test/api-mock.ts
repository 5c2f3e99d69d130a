import { vi } from 'vitest';
import { jsonResponse } from './render';

type Answer = Response | Promise<Response> | (() => Response | Promise<Response>);

/**
 * A fetch stand-in that answers by path ('/api/database/get-monthly-sales/u-1'); anything not listed gets a
 * 404 JSON error, as the server answers an unknown call. Each answer is a fresh Response.
 */
export function mockApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const answer = answers[url];
    if (answer === undefined) return jsonResponse(404, { error: 'Not found', code: 'not_found' });
    if (typeof answer === 'function') return answer();
    // A listed Response can be read once; clone it so that a repeated call still gets a body.
    return answer instanceof Response ? answer.clone() : answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The paths fetched, in order. */
export function fetchedPaths(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map((call) => String(call[0]));
}

/** A one-finger swipe from (x, y) to (x + dx, y + dy), as touch events that bubble to the document. */
export function swipe(
  target: EventTarget,
  { x = 20, y = 300, dx, dy = 0 }: { x?: number; y?: number; dx: number; dy?: number },
) {
  const touchEvent = (type: string, touches: Array<{ clientX: number; clientY: number }>, changed: typeof touches) => {
    const event = new Event(type, { bubbles: true, cancelable: true });
    Object.defineProperties(event, { touches: { value: touches }, changedTouches: { value: changed } });
    target.dispatchEvent(event);
  };
  const start = { clientX: x, clientY: y };
  const end = { clientX: x + dx, clientY: y + dy };
  touchEvent('touchstart', [start], [start]);
  touchEvent('touchend', [], [end]);
}

/** Makes MUI's useMediaQuery see a window `width` pixels wide (jsdom has no matchMedia of its own). */
export function setWindowWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const min = /min-width:\s*(\d+)px/.exec(query);
      const matches =
        (max ? width <= Number(max[1]) : true) && (min ? width >= Number(min[1]) : true) && Boolean(max || min);
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    }),
  );
}
