CREATE TABLE "tus_s3_upload_parts" (
	"upload_id" text NOT NULL,
	"part_number" integer NOT NULL,
	"etag" text NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "tus_s3_upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "tus_s3_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"multipart_upload_id" text,
	"tail_key" text,
	"tail_size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tus_s3_upload_parts" ADD CONSTRAINT "tus_s3_upload_parts_upload_id_tus_s3_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."tus_s3_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tus_s3_uploads_created_idx" ON "tus_s3_uploads" USING btree ("created_at");