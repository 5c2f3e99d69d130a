import {
  SETTINGS_ENDPOINTS as E,
  type FinancialGoals,
  type FinancialGoalsResponse,
  type NotificationSettings,
  toToggle,
  type UpdateVatSettingsRequest,
  type VatSettings,
} from '@brade/contract';
import { call } from './client';

/**
 * The goals in effect and whether the owner saved them; a goal the answer lacks keeps its default (the contract's
 * lenient reading).
 */
export function getFinancialGoals(id: string): Promise<FinancialGoalsResponse> {
  return call(E.getFinancialGoals, { params: { id } });
}

export function updateFinancialGoals(id: string, goals: FinancialGoals): Promise<unknown> {
  return call(E.updateFinancialGoals, { params: { id }, body: { financial_goals: goals } });
}

/** Booleans on read (docs/product.md, "What the app keeps"); a setting the answer lacks keeps its default. */
export function getNotificationSettings(id: string): Promise<NotificationSettings> {
  return call(E.getNotificationSettings, { params: { id } });
}

/** Saved as 'enable' or 'disable' (docs/product.md, "What the app keeps"). */
export function updateNotificationSettings(id: string, settings: NotificationSettings): Promise<unknown> {
  return call(E.updateNotificationSettings, {
    params: { id },
    body: {
      monthly_summary: toToggle(settings.monthly_summary),
      action_required: toToggle(settings.action_required),
      email_notifications: toToggle(settings.email_notifications),
      vat_return_due: toToggle(settings.vat_return_due),
      quarterly_update_due: toToggle(settings.quarterly_update_due),
    },
  });
}

/** VAT settings (beyond the spec; docs/finance.md, "VAT"). */
export async function getVatSettings(id: string): Promise<VatSettings> {
  return (await call(E.getVatSettings, { params: { id } })).vat_settings;
}

export function updateVatSettings(id: string, settings: UpdateVatSettingsRequest): Promise<unknown> {
  return call(E.updateVatSettings, { params: { id }, body: settings });
}

export const settingsKeys = {
  vat: (id: string) => ['settings', id, 'vat-settings'] as const,
  goals: (id: string) => ['settings', id, 'financial-goals'] as const,
  notifications: (id: string) => ['settings', id, 'notification-settings'] as const,
};
