ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'transfer_reversal';--> statement-breakpoint
ALTER TABLE "earnings_ledger" DROP CONSTRAINT "earnings_ledger_sign";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "source_payment_id" text;--> statement-breakpoint
ALTER TABLE "earnings_ledger" ADD CONSTRAINT "earnings_ledger_sign" CHECK (("earnings_ledger"."kind"::text in ('sale', 'payout_failed', 'transfer_reversal') and "earnings_ledger"."amount_cents" >= 0) or ("earnings_ledger"."kind"::text in ('refund', 'payout') and "earnings_ledger"."amount_cents" <= 0));