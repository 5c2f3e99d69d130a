import { IdParamsSchema, MessageResponseSchema } from '../auth/schemas.js';
import { FinancialGoalsResponseSchema } from '../ledger/schemas.js';
import { UpdateFinancialGoalsRequestSchema } from '../settings/goals-schemas.js';
import { NotificationSettingsSchema, UpdateNotificationSettingsRequestSchema } from '../settings/notifications.js';
import { UpdateVatSettingsRequestSchema, VatSettingsResponseSchema } from '../settings/vat.js';
import { endpoints, lenient } from './endpoint.js';
import {
  FINANCIAL_GOALS_FALLBACK,
  LenientFinancialGoalsSchema,
  LenientNotificationSettingsSchema,
} from './lenient-readings.js';

const params = IdParamsSchema;

export const SETTINGS_ENDPOINTS = endpoints('settings', {
  getFinancialGoals: {
    summary: "The owner's financial goals",
    method: 'GET',
    path: '/api/database/get-financial-goals/:id',
    auth: 'session',
    params,
    ...lenient(FinancialGoalsResponseSchema, {
      read: LenientFinancialGoalsSchema,
      fallback: FINANCIAL_GOALS_FALLBACK,
    }),
  },
  updateFinancialGoals: {
    summary: "Saves the owner's financial goals",
    errors: [403],
    method: 'POST',
    path: '/api/database/update-financial-goals/:id',
    auth: 'session',
    params,
    body: UpdateFinancialGoalsRequestSchema,
    answer: MessageResponseSchema,
  },
  getNotificationSettings: {
    summary: "The owner's e-mail notification choices",
    method: 'GET',
    path: '/api/database/get-notification-settings/:id',
    auth: 'session',
    params,
    ...lenient(NotificationSettingsSchema, { read: LenientNotificationSettingsSchema }),
  },
  updateNotificationSettings: {
    summary: "Saves the owner's e-mail notification choices",
    errors: [403],
    method: 'POST',
    path: '/api/database/update-notification-settings/:id',
    auth: 'session',
    params,
    body: UpdateNotificationSettingsRequestSchema,
    answer: MessageResponseSchema,
  },
  /** VAT settings (beyond the spec; docs/finance.md, "VAT"). */
  getVatSettings: {
    summary: "The owner's VAT registration, scheme, quarters and category rates",
    method: 'GET',
    path: '/api/database/get-vat-settings/:id',
    auth: 'session',
    params,
    answer: VatSettingsResponseSchema,
  },
  updateVatSettings: {
    summary: 'Saves the VAT settings and re-derives the VAT of the books',
    errors: [403],
    method: 'POST',
    path: '/api/database/update-vat-settings/:id',
    auth: 'session',
    params,
    body: UpdateVatSettingsRequestSchema,
    answer: MessageResponseSchema,
  },
});
