import { BRADE_VERSION, type ClientFacts, utcOffsetText } from '@brade/contract';

/**
 * The browser's part of HMRC's fraud-prevention headers (docs/hmrc.md, "Fraud prevention"), collected just before
 * each call that reaches HMRC. The device id is a UUID kept in a cookie of its own for ten years: signing out clears
 * localStorage, and HMRC asks for an identifier that does not expire; a new one is made if the owner deletes it.
 */
const DEVICE_COOKIE = 'brade_device_id';
const TEN_YEARS_SECONDS = 10 * 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function deviceId(): string {
  const kept = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === DEVICE_COOKIE)?.[1];
  if (kept && UUID.test(kept)) return kept;
  const made = crypto.randomUUID();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the asynchronous Cookie Store API is not in every browser Brade supports.
  document.cookie = `${DEVICE_COOKIE}=${made}; Max-Age=${TEN_YEARS_SECONDS}; Path=/; SameSite=Strict${secure}`;
  return made;
}

const whole = (n: number) => Math.max(1, Math.round(n));

export function collectClientFacts(): ClientFacts {
  return {
    device_id: deviceId(),
    user_agent: navigator.userAgent,
    // A page sees the screen its window is on; HMRC takes a list, and this is the one the browser exposes.
    screens: [
      {
        width: whole(window.screen.width),
        height: whole(window.screen.height),
        scaling_factor: Math.round((window.devicePixelRatio || 1) * 100) / 100,
        colour_depth: whole(window.screen.colorDepth),
      },
    ],
    window: { width: whole(window.innerWidth), height: whole(window.innerHeight) },
    timezone: utcOffsetText(new Date().getTimezoneOffset()),
    web_version: BRADE_VERSION,
  };
}
