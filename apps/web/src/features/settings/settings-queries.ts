import { queryOptions } from '@tanstack/react-query';
import { getFinancialGoals, getNotificationSettings, getVatSettings, settingsKeys } from '../../api/settings';

/** The calls of Settings' first cards, one definition each: the cards ask with them, and the page starts them (early-calls.ts). */
export const goalsQuery = (id: string) =>
  queryOptions({ queryKey: settingsKeys.goals(id), queryFn: () => getFinancialGoals(id) });

export const notificationsQuery = (id: string) =>
  queryOptions({ queryKey: settingsKeys.notifications(id), queryFn: () => getNotificationSettings(id) });

export const vatQuery = (id: string) =>
  queryOptions({ queryKey: settingsKeys.vat(id), queryFn: () => getVatSettings(id) });
