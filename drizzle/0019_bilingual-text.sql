-- Bilingual catalogue text (decision 0049). Generated part: the existing title, description and
-- tags become the French ones (items never recorded the language they were written in, and
-- French is the default), renamed in place so no text is copied or lost; the English columns
-- start empty, which is how pages and the studio tell "not written yet".
-- Hand-written part (after the generated statements): the stored search document (decision
-- 0012) is rebuilt from both languages, so either language finds an item from either page; the
-- generated column and its partial trigram index are dropped and made again (a generated
-- column's expression cannot be altered on PostgreSQL 15). The vocabulary triggers read
-- `search_doc`, so English words join `catalogue_words` as items are written.
ALTER TABLE "content_submissions" RENAME COLUMN "title" TO "title_fr";--> statement-breakpoint
ALTER TABLE "content_submissions" RENAME COLUMN "description" TO "description_fr";--> statement-breakpoint
ALTER TABLE "content_submissions" RENAME COLUMN "tags" TO "tags_fr";--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "tags_en" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE content_submissions DROP COLUMN IF EXISTS search_doc;--> statement-breakpoint
ALTER TABLE content_submissions ADD COLUMN search_doc text
  GENERATED ALWAYS AS (public.vitrine_search_doc(title_fr, description_fr, tags_fr) || ' ' || public.vitrine_search_doc(title_en, description_en, tags_en)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS content_submissions_search_idx ON content_submissions
  USING gin (search_doc gin_trgm_ops)
  WHERE status = 'approved' AND deleted_at IS NULL;
