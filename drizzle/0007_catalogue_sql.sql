-- Catalogue search (ADR 0012): accent- and case-insensitive text, trigram similarity for typos.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(value, ''))) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_search_doc(title text, description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.vitrine_search_text(coalesce(title, '') || ' ' || coalesce(array_to_string(tags, ' '), '') || ' ' || coalesce(description, '')) $$;--> statement-breakpoint
-- The search document is computed once per write (a stored generated column), not per row read.
ALTER TABLE content_submissions ADD COLUMN IF NOT EXISTS search_doc text
  GENERATED ALWAYS AS (public.vitrine_search_doc(title, description, tags)) STORED;--> statement-breakpoint
-- Only public items are searched: the partial trigram index stays as small as the catalogue.
CREATE INDEX IF NOT EXISTS content_submissions_search_idx ON content_submissions
  USING gin (search_doc gin_trgm_ops)
  WHERE status = 'approved' AND deleted_at IS NULL;--> statement-breakpoint
-- Newest public items first (home's featured row, trending, the "recent" sort).
CREATE INDEX IF NOT EXISTS content_submissions_public_recent_idx ON content_submissions (approved_at DESC)
  WHERE status = 'approved' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS content_submissions_public_kind_idx ON content_submissions (kind, approved_at DESC)
  WHERE status = 'approved' AND deleted_at IS NULL;
