import { apiRequest } from '../../../api/client';

export interface CashInTheBank {
  booked: number;
  available: number | null;
  balanceDate: string | null;
  readAt: string;
  accounts: number;
}

class UnexpectedAnswer extends Error {
  constructor() {
    super("The server's answer for cash in the bank was not in the expected shape");
    this.name = 'UnexpectedAnswer';
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** GET /api/database/get-cash-in-the-bank/{id} (beyond the spec): null when no bank balance has been read. */
export async function loadCashInTheBank(id: string): Promise<CashInTheBank | null> {
  const answer = await apiRequest<{ cash_in_the_bank?: unknown }>(
    `/api/database/get-cash-in-the-bank/${encodeURIComponent(id)}`,
  );
  const cash = answer?.cash_in_the_bank;
  if (cash === null) return null;
  const { booked, available, balance_date, read_at, accounts } = (cash ?? {}) as Record<string, unknown>;
  if (!isNumber(booked) || !(available === null || isNumber(available))) throw new UnexpectedAnswer();
  if (
    !(balance_date === null || isDay(balance_date)) ||
    typeof read_at !== 'string' ||
    Number.isNaN(Date.parse(read_at))
  ) {
    throw new UnexpectedAnswer();
  }
  return {
    booked,
    available,
    balanceDate: balance_date,
    readAt: read_at,
    accounts: Array.isArray(accounts) ? accounts.length : 1,
  };
}
