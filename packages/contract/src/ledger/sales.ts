import { z } from 'zod';
import { type CardProcessor, PROCESSOR_NAMES } from '../integrations/processors.js';
import { lazy } from '../lazy.js';
import { MonthRequestSchema } from './schemas.js';

/**
 * The service catalogue's categories (docs/finance.md, "What was sold"): the names a salon groups what it sells by,
 * services first; retail products and gift vouchers apart, as owners and accountants look at them separately. Each
 * owner may rename any of them.
 */
export const SALES_CATEGORIES = [
  { key: 'cuts_styling', name: 'Cuts and styling', group: 'services' },
  { key: 'colour', name: 'Colour', group: 'services' },
  { key: 'highlights', name: 'Highlights and balayage', group: 'services' },
  { key: 'treatments', name: 'Treatments', group: 'services' },
  { key: 'nails', name: 'Nails', group: 'services' },
  { key: 'beauty', name: 'Beauty', group: 'services' },
  { key: 'other_services', name: 'Other services', group: 'services' },
  { key: 'deposits', name: 'Deposits and balances', group: 'services' },
  { key: 'retail', name: 'Retail products', group: 'retail' },
  { key: 'gift_vouchers', name: 'Gift vouchers', group: 'vouchers' },
] as const;
export type SalesCategoryKey = (typeof SALES_CATEGORIES)[number]['key'];
export const SALES_CATEGORY_KEYS: readonly SalesCategoryKey[] = SALES_CATEGORIES.map((c) => c.key);

/**
 * The honest line for sales whose processor gave no item detail (docs/finance.md, "What was sold"): one per
 * processor, never a catch-all that reads like a service.
 */
export const noItemDetailLine = (processor: CardProcessor) =>
  `${PROCESSOR_NAMES[processor]} card sales without item detail`;

export const SALES_MESSAGES = {
  categoryUnknown: 'Choose one of the sales categories.',
  nameRequired: 'Enter a name for the category.',
  nameTooLong: 'A category name can be at most 60 characters.',
  nameTaken: 'Another line of your reports already has that name.',
  renamed: 'Category renamed.',
} as const;

/** A category's new name: one line of plain text. */
const CategoryName = lazy(() =>
  z
    .string({ error: SALES_MESSAGES.nameRequired })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, SALES_MESSAGES.nameRequired)
        .max(60, SALES_MESSAGES.nameTooLong)
        .refine((s) => !/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u.test(s), SALES_MESSAGES.nameRequired),
    ),
);

/** Renames a sales category: `category` is its name as the reports show it now. */
export const RenameSalesCategoryRequestSchema = lazy(() =>
  z.object({
    category: z.string({ error: SALES_MESSAGES.categoryUnknown }).max(200, SALES_MESSAGES.categoryUnknown),
    name: CategoryName,
  }),
);
export type RenameSalesCategoryRequest = z.input<typeof RenameSalesCategoryRequestSchema>;
export const RenameSalesCategoryResponseSchema = lazy(() => z.object({ message: z.string(), name: z.string() }));

/** The sales categories as this owner names them, in the catalogue's order. */
export const SalesCategoriesResponseSchema = lazy(() =>
  z.object({
    categories: z.array(z.object({ key: z.string(), name: z.string(), default_name: z.string() })),
  }),
);

/**
 * One team member's month (docs/finance.md, "Who sold it"): sales net of VAT like every figure, the services they
 * did (items in a service category), the distinct known clients they served, and the average ticket (sales ÷ the
 * payments they took).
 */
export const TeamMemberLineSchema = lazy(() =>
  z.object({
    team_member_id: z.string(),
    name: z.string(),
    provider: z.string(),
    sales: z.number(),
    payments: z.number().int(),
    services: z.number().int(),
    clients: z.number().int(),
    average_ticket: z.number().nullable(),
  }),
);
export type TeamMemberLine = z.infer<typeof TeamMemberLineSchema>;

export const TeamBreakdownResponseSchema = lazy(() =>
  z.object({
    period: z.object({ from: z.string(), to: z.string() }),
    team: z.array(TeamMemberLineSchema),
    /** Sales no processor attributed to a team member, so the lines add up to the month's sales. */
    not_attributed: z.object({ sales: z.number(), payments: z.number().int() }),
    /** Which processors say who took a payment, or why nobody is named. */
    note: z.string(),
  }),
);
export type TeamBreakdownResponse = z.infer<typeof TeamBreakdownResponseSchema>;

export const TeamBreakdownRequestSchema = MonthRequestSchema;
