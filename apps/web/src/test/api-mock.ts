import type { JsonEndpoint, ResponseOf } from '@brade/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render';

/** What a listed endpoint answers: its typed 200 body, any Response (errors, malformed bodies), or a function. */
type Reply<E extends JsonEndpoint> = ResponseOf<E> | Response | (() => Response | Promise<Response>);

const isAnswerer = (reply: unknown): reply is () => Response | Promise<Response> => typeof reply === 'function';

/** One endpoint's answer, for `mockApi`. */
export interface EndpointAnswer {
  method: string;
  pattern: RegExp;
  reply: () => Response | Promise<Response>;
}

/**
 * `endpoint` answers `reply`: a body typed by the endpoint's response (a renamed field fails the type check), or a
 * Response for what the contract does not describe (a failure, a malformed body). Path parameters match any value.
 */
export function on<E extends JsonEndpoint>(endpoint: E, reply: Reply<E>): EndpointAnswer {
  const pattern = new RegExp(`^${endpoint.path.replace(/:\w+/g, '[^/]+')}$`);
  const respond = () => {
    if (reply instanceof Response) return reply.clone(); // read once; a repeated call still gets a body
    return isAnswerer(reply) ? reply() : jsonResponse(200, reply);
  };
  return { method: endpoint.method, pattern, reply: respond };
}

/**
 * A fetch stand-in keyed by endpoint: the last answer listed for the called endpoint answers; anything not listed
 * gets a 404 JSON error, as the server answers an unknown call.
 */
export function mockApi(answers: EndpointAnswer[]) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const answer = answers.findLast((a) => a.method === method && a.pattern.test(url));
    return answer ? answer.reply() : jsonResponse(404, { error: 'Not found', code: 'not_found' });
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

/** A 200 answer whose body is typed by the endpoint's response, for tests that queue answers in order. */
export function answer<E extends JsonEndpoint>(_endpoint: E, body: ResponseOf<E>): Response {
  return jsonResponse(200, body);
}
