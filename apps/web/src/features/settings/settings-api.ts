import {
  DEFAULT_FINANCIAL_GOALS,
  DEFAULT_NOTIFICATION_SETTINGS,
  type FinancialGoals,
  type NotificationSettings,
  toToggle,
} from '@brade/contract';
import { apiRequest, isApiError } from '../../api/client';

const path = (call: string, id: string) => `/api/database/${call}/${encodeURIComponent(id)}`;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The owner's goals; a goal the answer lacks keeps its default (docs/product.md, "Failures"). */
export async function getFinancialGoals(id: string): Promise<FinancialGoals> {
  const answer = await apiRequest<{ financial_goals?: Partial<Record<keyof FinancialGoals, unknown>> }>(
    path('get-financial-goals', id),
  );
  const given = answer.financial_goals ?? {};
  const pick = (key: keyof FinancialGoals) => {
    const value = given[key];
    return isNumber(value) ? value : DEFAULT_FINANCIAL_GOALS[key];
  };
  return {
    margin_goal: pick('margin_goal'),
    revenue_target: pick('revenue_target'),
    retention_rate: pick('retention_rate'),
  };
}

export function updateFinancialGoals(id: string, goals: FinancialGoals): Promise<unknown> {
  return apiRequest(path('update-financial-goals', id), { body: { financial_goals: goals } });
}

/** Booleans on read (docs/product.md, "What the app keeps"). */
export async function getNotificationSettings(id: string): Promise<NotificationSettings> {
  const answer = await apiRequest<Partial<Record<keyof NotificationSettings, unknown>>>(
    path('get-notification-settings', id),
  );
  const pick = (key: keyof NotificationSettings) => {
    const value = answer[key];
    return typeof value === 'boolean' ? value : DEFAULT_NOTIFICATION_SETTINGS[key];
  };
  return {
    monthly_summary: pick('monthly_summary'),
    action_required: pick('action_required'),
    email_notifications: pick('email_notifications'),
  };
}

/** Saved as 'enable' or 'disable' (docs/product.md, "What the app keeps"). */
export function updateNotificationSettings(id: string, settings: NotificationSettings): Promise<unknown> {
  return apiRequest(path('update-notification-settings', id), {
    body: {
      monthly_summary: toToggle(settings.monthly_summary),
      action_required: toToggle(settings.action_required),
      email_notifications: toToggle(settings.email_notifications),
    },
  });
}

export const settingsKeys = {
  goals: (id: string) => ['settings', id, 'financial-goals'] as const,
  notifications: (id: string) => ['settings', id, 'notification-settings'] as const,
};

/** The server's own sentence for a refused save, shown under the spec's alert. */
export function serverReason(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined;
}
