import { z } from 'zod';
import { lazy } from '../lazy.js';

/**
 * New-client retention across UK salons runs at about 30 %: the dashboard shows it beside the owner's goal so the
 * goal can be judged (docs/finance.md, "Retention").
 */
export const NATIONAL_NEW_CLIENT_RETENTION_PERCENT = 30;

/** A percentage with one decimal; null when there is nobody to measure. Never clipped to the goal's range. */
const Percent = lazy(() => z.number().nullable());

/** Of the clients whose first visit fell in `month`, how many came back within 90 days of it. */
export const NewClientRetentionSchema = lazy(() =>
  z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    new_clients: z.number().int(),
    returned: z.number().int(),
    percent: Percent,
  }),
);
export type NewClientRetention = z.infer<typeof NewClientRetentionSchema>;

/** Of the clients seen in the 90 days up to `date`, how many were seen again in the 90 days after it. */
export const OverallRetentionSchema = lazy(() =>
  z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    clients: z.number().int(),
    seen_again: z.number().int(),
    percent: Percent,
  }),
);
export type OverallRetention = z.infer<typeof OverallRetentionSchema>;

/** `GET /api/database/get-retention/{id}`: the last 6 measurable months of each, oldest first (docs/finance.md). */
export const RetentionResponseSchema = lazy(() =>
  z.object({
    new_client: z.array(NewClientRetentionSchema),
    overall: z.array(OverallRetentionSchema),
    national_new_client_percent: z.number(),
    /**
     * Only clients a processor identified are followed (docs/finance.md, "Retention"): the share of the last year's
     * visits that covers, as a sentence; null without visits.
     */
    coverage: z.string().nullable().optional(),
  }),
);

/** What retention is measured on: 'Measured over the 84 % of visits whose payer is known.' */
export function retentionCoverageNote(percent: number | null): string | null {
  if (percent === null) return null;
  return percent >= 100
    ? 'Every visit’s client is known.'
    : `Measured over the ${percent} % of visits whose payer is known.`;
}
export type RetentionResponse = z.infer<typeof RetentionResponseSchema>;
