-- Catalogue vocabulary (ADR 0012): every distinct lower-cased, unaccented word of titles, tags,
-- descriptions and store names, so a misspelt search word is corrected against a small table
-- (trigram index) instead of comparing it with every item's whole text.
CREATE TABLE IF NOT EXISTS catalogue_words (word text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalogue_words_trgm_idx ON catalogue_words USING gin (word gin_trgm_ops);--> statement-breakpoint
-- Words of 3+ letters that are not plain numbers: typos are corrected on words, not on figures.
CREATE OR REPLACE FUNCTION vitrine_words(doc text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(coalesce(doc, ''), '[^[:alnum:]]+') AS w
        WHERE length(w) >= 3 AND w !~ '^[0-9]+$' $$;--> statement-breakpoint
-- Statement-level triggers read the written rows once, so a bulk import adds its words in one go.
-- Words are never removed: a word whose items are gone only corrects to an empty result.
CREATE OR REPLACE FUNCTION vitrine_submission_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_words (word)
    SELECT DISTINCT w FROM new_rows, public.vitrine_words(new_rows.search_doc) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_store_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_words (word)
    SELECT DISTINCT w FROM new_rows, public.vitrine_words(public.vitrine_search_text(new_rows.store_name)) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS content_submissions_words_insert ON content_submissions;--> statement-breakpoint
CREATE TRIGGER content_submissions_words_insert AFTER INSERT ON content_submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_submission_words();--> statement-breakpoint
DROP TRIGGER IF EXISTS content_submissions_words_update ON content_submissions;--> statement-breakpoint
CREATE TRIGGER content_submissions_words_update AFTER UPDATE ON content_submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_submission_words();--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_words_insert ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_words_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_store_words();--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_words_update ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_words_update AFTER UPDATE ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_store_words();--> statement-breakpoint
INSERT INTO catalogue_words (word)
  SELECT DISTINCT w FROM content_submissions, vitrine_words(search_doc) AS w ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO catalogue_words (word)
  SELECT DISTINCT w FROM profiles, vitrine_words(vitrine_search_text(store_name)) AS w ON CONFLICT DO NOTHING;
