CREATE TYPE "public"."upload_status" AS ENUM('uploading', 'complete', 'rejected');--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"status" "upload_status" DEFAULT 'uploading' NOT NULL,
	"detected_mime" text,
	"rejection_reason" text,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_status_idx" ON "uploads" USING btree ("owner_id","status");