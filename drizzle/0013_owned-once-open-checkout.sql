ALTER TABLE "orders" ADD COLUMN "checkout_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
-- Rights granted twice before this index existed: the oldest stays, later copies are revoked
-- (the buyer keeps the same downloads; an admin refunds the duplicate order from its page).
UPDATE "entitlements" SET "revoked_at" = now() WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "buyer_id", "submission_id", "licence_id" ORDER BY "created_at", "id"
    ) AS "n" FROM "entitlements" WHERE "revoked_at" IS NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
-- Subscriptions of one kind held twice: the active one with the latest period stays.
UPDATE "subscriptions" SET "status" = 'canceled' WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "user_id", ("plan_id" = 'infinity')
      ORDER BY ("status" = 'active') DESC, "current_period_end" DESC NULLS LAST, "created_at" DESC
    ) AS "n" FROM "subscriptions" WHERE "status" <> 'canceled'
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_owned_licence_idx" ON "entitlements" USING btree ("buyer_id","submission_id","licence_id") WHERE "entitlements"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_checkout_idx" ON "orders" USING btree ("buyer_id","checkout_key") WHERE "orders"."status" = 'pending' and "orders"."checkout_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_per_kind_idx" ON "subscriptions" USING btree ("user_id",("plan_id" = 'infinity')) WHERE "subscriptions"."status" <> 'canceled';