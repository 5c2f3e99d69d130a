import { z } from 'zod';
import { lazy } from '../lazy.js';
import { MonthRequestSchema } from '../ledger/schemas.js';
import { REPORT_TYPES } from '../reports/model.js';

/** The longest question BradeBot reads (docs/assistant.md, "The calls"). */
export const ASSISTANT_MESSAGE_MAX = 2000;

export const ASSISTANT_MESSAGES = {
  messageEmpty: 'Please type a question for BradeBot.',
  messageTooLong: `Your message is too long: BradeBot reads up to ${ASSISTANT_MESSAGE_MAX.toLocaleString('en-GB')} characters.`,
  messageUnreadable: 'Your message has a character BradeBot cannot read. Please type it again.',
  timeout: 'BradeBot took too long to answer. Please try again.',
  /** The spec's text for any failure, which the panel shows (docs/product.md, "Failures"). */
  failure: 'Sorry, I encountered an error. Please try again.',
  /** The question limit, with the Europe/London time the owner can ask again (docs/assistant.md, "Limits"). */
  limit: (asked: number, minutes: number, at: string) =>
    `You have asked ${asked} questions in ${minutes} minutes; you can ask again at ${at}.`,
  greeting:
    "Hi, I'm BradeBot. I can answer questions about your salon's finances: ask me about your takings, costs, profit or goals.",
} as const;

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The spec's payload, `message, expenses, revenues, financialGoals`. The figures are accepted for compatibility and
 * never used: the server computes every figure from the signed-in owner's books. `report` (beyond the spec) names the
 * report and month the Reports screen shows, for the report call.
 */
export const AssistantRequestSchema = lazy(() =>
  z.object({
    message: z
      .string({ error: ASSISTANT_MESSAGES.messageEmpty })
      .refine((m) => m.trim().length > 0, ASSISTANT_MESSAGES.messageEmpty)
      .refine((m) => m.length <= ASSISTANT_MESSAGE_MAX, ASSISTANT_MESSAGES.messageTooLong)
      // A lone UTF-16 surrogate ("\ud83d") is half a character: no JSON column can store it, so it is refused here.
      .refine((m) => !LONE_SURROGATE.test(m), ASSISTANT_MESSAGES.messageUnreadable),
    expenses: z.unknown().optional(),
    revenues: z.unknown().optional(),
    financialGoals: z.unknown().optional(),
    report: MonthRequestSchema.extend({
      type: z.enum(REPORT_TYPES, { error: 'Report type must be sales, expense or income_statement' }),
    }).optional(),
  }),
);
export type AssistantRequest = z.input<typeof AssistantRequestSchema>;

export const AssistantResponseSchema = lazy(() => z.object({ response: z.string() }));
export type AssistantResponse = z.infer<typeof AssistantResponseSchema>;
