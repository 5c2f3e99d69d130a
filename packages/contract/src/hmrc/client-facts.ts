import { z } from 'zod';
import { lazy } from '../lazy.js';

/**
 * What the browser tells the server about itself for HMRC's fraud-prevention headers (docs/hmrc.md, "Fraud
 * prevention"): the part of the WEB_APP_VIA_SERVER header set only the originating device knows. The web app
 * collects it just before each call that reaches HMRC and sends it in the call's body; the server adds what it sees
 * (public IP and port, the vendor's own values) and formats every header.
 */
export const HMRC_CLIENT_MESSAGES = {
  facts: 'Your browser did not send the details HMRC requires with every call. Reload the page and try again.',
} as const;

const whole = lazy(() => z.number().int().positive().max(100_000));

export const ClientScreenSchema = lazy(() =>
  z.object({
    width: whole,
    height: whole,
    /** window.devicePixelRatio. */
    scaling_factor: z.number().positive().max(100),
    colour_depth: whole.max(256),
  }),
);

export const ClientFactsSchema = lazy(() =>
  z.object(
    {
      /** A UUID the browser made once and keeps (a cookie of its own, which signing out does not clear). */
      device_id: z.uuid(),
      /** navigator.userAgent, as the browser reports it. */
      user_agent: z.string().min(1).max(1000),
      screens: z.array(ClientScreenSchema).min(1).max(8),
      window: z.object({ width: whole, height: whole }),
      /** The browser's offset from UTC as HMRC writes it: 'UTC+01:00'. */
      timezone: z.string().regex(/^UTC[+-](0\d|1[0-4]):[0-5]\d$/),
      /** The web app's build version (Gov-Vendor-Version's client part). */
      web_version: z.string().regex(/^[\w.+-]{1,40}$/),
    },
    { error: HMRC_CLIENT_MESSAGES.facts },
  ),
);
export type ClientFacts = z.infer<typeof ClientFactsSchema>;

/** 'UTC+01:00' for a getTimezoneOffset() of -60 (minutes behind UTC, so the sign flips). */
export function utcOffsetText(timezoneOffsetMinutes: number): string {
  const ahead = -timezoneOffsetMinutes;
  const abs = Math.abs(ahead);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${ahead < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
