/** Unix seconds, as Stripe sends every timestamp. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** RFC 3339 with milliseconds and Z, the way Square formats created_at. */
export const rfc3339 = (date: Date): string => date.toISOString();

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
