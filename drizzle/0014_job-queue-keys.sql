ALTER TABLE "jobs" ADD COLUMN "unique_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "every_seconds" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_message_key_unique" UNIQUE("message_key");--> statement-breakpoint
-- Recurring jobs become one keyed row each; the chained runs queued before this are dropped,
-- the boot schedules the keyed row again.
DELETE FROM "jobs" WHERE "type" = 'credits.monthly-grants' AND "status" = 'queued';
