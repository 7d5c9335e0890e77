ALTER TYPE "public"."upload_purpose" ADD VALUE 'avatar';--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'banner';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bio_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bio_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_upload_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "banner_upload_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_avatar_upload_id_uploads_id_fk" FOREIGN KEY ("avatar_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_banner_upload_id_uploads_id_fk" FOREIGN KEY ("banner_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;