ALTER TABLE "ledger_daily_totals" ADD COLUMN "other_income_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_owner_provider_day_idx" ON "ledger_transactions" USING btree ("user_id","provider","local_date");--> statement-breakpoint
-- A processor's payout into the bank is a transfer only where that processor's rows cover its days, else it is the
-- sales (docs/finance.md, "Card payouts"; the same rule as ledger/payouts.ts); a payout that is the sales pairs
-- with nothing.
WITH coverage AS (
  SELECT user_id, provider, min(local_date) AS first_day, max(local_date) AS last_day
  FROM "ledger_transactions" WHERE provider <> 'bank' GROUP BY user_id, provider
), decided AS (
  SELECT b.id,
    CASE WHEN c.first_day < b.local_date AND b.local_date <= c.last_day + 14 THEN 'transfer' ELSE 'sale' END AS kind
  FROM "ledger_transactions" b
  LEFT JOIN coverage c ON c.user_id = b.user_id AND c.provider = b.payout_processor
  WHERE b.provider = 'bank' AND b.payout_processor IS NOT NULL
)
UPDATE "ledger_transactions" t SET "kind" = decided.kind FROM decided WHERE t.id = decided.id AND t.kind <> decided.kind;--> statement-breakpoint
UPDATE "ledger_transactions" SET "reconciled_with" = NULL WHERE "reconciled_with" IN (
  SELECT id FROM "ledger_transactions" WHERE provider = 'bank' AND kind <> 'transfer' AND reconciled_with IS NOT NULL);--> statement-breakpoint
UPDATE "ledger_transactions" SET "reconciled_with" = NULL
WHERE provider = 'bank' AND kind <> 'transfer' AND reconciled_with IS NOT NULL;--> statement-breakpoint
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
