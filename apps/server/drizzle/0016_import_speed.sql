-- A group's id becomes the smallest name its payments offer (docs/finance.md, "Clients"): an e-mail key's (ce_), else
-- a processor key's (cp_), else the payment's own (cr_). Each existing group is the rows sharing an id, so it is
-- renamed in place, names compared in byte order as the server compares them.
UPDATE "ledger_transactions" l SET "client_id" = g.new_id
FROM (
  SELECT "user_id", "client_id", min(CASE
      WHEN payer_email_key IS NOT NULL THEN 'ce_' || substr(translate(encode(sha256(convert_to('email:' || payer_email_key, 'UTF8')), 'base64'), '+/', '-_'), 1, 22)
      WHEN payer_customer_key IS NOT NULL THEN 'cp_' || substr(translate(encode(sha256(convert_to('customer:' || payer_customer_key, 'UTF8')), 'base64'), '+/', '-_'), 1, 22)
      WHEN payer_card_key IS NOT NULL THEN 'cp_' || substr(translate(encode(sha256(convert_to('card:' || payer_card_key, 'UTF8')), 'base64'), '+/', '-_'), 1, 22)
      ELSE 'cr_' || substr(translate(encode(sha256(convert_to('row:' || provider || ':' || external_id, 'UTF8')), 'base64'), '+/', '-_'), 1, 22) END COLLATE "C") AS new_id
  FROM "ledger_transactions"
  WHERE "client_id" IS NOT NULL AND provider <> 'bank' AND kind IN ('sale', 'voucher_redemption')
  GROUP BY "user_id", "client_id"
) g
WHERE l."user_id" = g."user_id" AND l."client_id" = g."client_id" AND l."client_id" <> g.new_id
  AND l.provider <> 'bank' AND l.kind IN ('sale', 'voucher_redemption');--> statement-breakpoint
CREATE INDEX "ledger_owner_payer_customer_idx" ON "ledger_transactions" USING btree ("user_id","payer_customer_key") WHERE "ledger_transactions"."payer_customer_key" is not null and provider <> 'bank' and kind in ('sale', 'voucher_redemption');--> statement-breakpoint
CREATE INDEX "ledger_owner_payer_card_idx" ON "ledger_transactions" USING btree ("user_id","payer_card_key") WHERE "ledger_transactions"."payer_card_key" is not null and "ledger_transactions"."payer_customer_key" is null and provider <> 'bank' and kind in ('sale', 'voucher_redemption');--> statement-breakpoint
CREATE INDEX "ledger_owner_payer_email_idx" ON "ledger_transactions" USING btree ("user_id","payer_email_key") WHERE "ledger_transactions"."payer_email_key" is not null and provider <> 'bank' and kind in ('sale', 'voucher_redemption');--> statement-breakpoint
CREATE INDEX "ledger_owner_client_idx" ON "ledger_transactions" USING btree ("user_id","client_id") WHERE "ledger_transactions"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_owner_clientless_rows_idx" ON "ledger_transactions" USING btree ("user_id") WHERE "ledger_transactions"."client_id" is null and provider <> 'bank' and kind in ('sale', 'voucher_redemption');