-- Invoices and VAT by country (decision records 0051, 0052): billing details, the yearly
-- invoice counter (no sequence: a rolled-back payment must give its number back), and the VAT
-- rule and billing details frozen on each order and subscription invoice. Generated, no
-- hand-written SQL; existing rows keep the 20 % they were charged.
CREATE TABLE "billing_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"vat_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_rate_bps" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_scheme" text DEFAULT 'eu-consumer' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "vat_rate_bps" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "vat_scheme" text DEFAULT 'eu-consumer' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_number_idx" ON "subscription_invoices" USING btree ("invoice_number");