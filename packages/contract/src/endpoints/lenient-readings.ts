import { z } from 'zod';
import { UserDetailsSchema } from '../auth/schemas.js';
import { LegalFormSchema } from '../income-tax/legal-form.js';
import { lazy } from '../lazy.js';
import { DEFAULT_FINANCIAL_GOALS } from '../ledger/goals.js';
import type { FinancialGoalsResponse, HeadlineFigure } from '../ledger/schemas.js';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../settings/notifications.js';

/**
 * The spec's lenient readings and fallbacks (docs/product.md, "What the app keeps" and "Failures"), in one place beside the schemas; the endpoint
 * tables attach them with `lenient()`. The server always sends the strict answer; these say how the web reads
 * an answer that is partly missing and what it shows when a call fails.
 */

/** "The three headline figures fall back to a value of 0 and a change of 0." */
export const HEADLINE_FALLBACK: HeadlineFigure = { value: 0, percent_change: 0 };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * "Goals keep defaults": a goal the answer lacks or garbles keeps its default; no goals object is a failure. An
 * answer that does not say the goals were saved is read as not saved: a default is not the owner's choice.
 */
export const LenientFinancialGoalsSchema = lazy(
  () =>
    z.object({
      financial_goals: z.object({
        margin_goal: z.number().catch(DEFAULT_FINANCIAL_GOALS.margin_goal),
        revenue_target: z.number().catch(DEFAULT_FINANCIAL_GOALS.revenue_target),
        retention_rate: z.number().catch(DEFAULT_FINANCIAL_GOALS.retention_rate),
      }),
      saved: z.boolean().catch(false),
      suggested_from: z.array(z.string()).catch([]),
    }) satisfies z.ZodType<FinancialGoalsResponse, unknown>,
);

/** A failed goals call: the spec's defaults, which the screens call suggested (nothing says the owner chose them). */
export const FINANCIAL_GOALS_FALLBACK: FinancialGoalsResponse = {
  financial_goals: DEFAULT_FINANCIAL_GOALS,
  saved: false,
  suggested_from: [],
};

/** A setting the answer lacks keeps its default (every notification on). */
export const LenientNotificationSettingsSchema = lazy(
  () =>
    z.object({
      monthly_summary: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.monthly_summary),
      action_required: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.action_required),
      email_notifications: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.email_notifications),
      vat_return_due: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.vat_return_due),
      quarterly_update_due: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.quarterly_update_due),
    }) satisfies z.ZodType<NotificationSettings, unknown>,
);

const orNull = lazy(() =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? null),
);

/** User details: profile_photo "also seen as profilePhoto", salon_name "also seen as salonName"; absent is null. */
export const LenientUserDetailsSchema = lazy(() =>
  z.preprocess(
    (raw) =>
      isObject(raw)
        ? { ...raw, profile_photo: raw.profile_photo || raw.profilePhoto, salon_name: raw.salon_name ?? raw.salonName }
        : raw,
    UserDetailsSchema.extend({
      profile_photo: orNull,
      salon_name: orNull,
      business_address: orNull,
      postcode: orNull,
      state: orNull,
      country: orNull,
      legal_form: LegalFormSchema.nullish()
        .catch(null)
        .transform((value) => value ?? null),
    }),
  ),
);
