ALTER TABLE "ledger_daily_totals" ADD COLUMN "other_income_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Revenue is sales less refunds from now on; other income has its own column (docs/finance.md). Existing days are
-- rebuilt from their rows by the new definitions.
UPDATE "ledger_daily_totals" d SET
  "revenue_pence" = t.revenue, "other_income_pence" = t.other_income, "expenses_pence" = t.expenses
FROM (
  SELECT user_id, local_date,
    coalesce(sum(amount_pence) FILTER (WHERE kind IN ('sale', 'refund')), 0) AS revenue,
    coalesce(sum(amount_pence) FILTER (WHERE kind = 'other_income'), 0) AS other_income,
    coalesce(-sum(amount_pence) FILTER (WHERE kind IN ('expense', 'fee', 'vat_settlement')), 0) AS expenses
  FROM "ledger_transactions" GROUP BY user_id, local_date
) t
WHERE d.user_id = t.user_id AND d.local_date = t.local_date;
