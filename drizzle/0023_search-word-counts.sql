-- Items on sale per vocabulary word and per pair of side-by-side title words (decision record
-- 0066). `catalogue_words.items` counts the items approved and not deleted whose search document
-- holds the word, `catalogue_word_pairs.items` those whose title holds the pair, so a search for a
-- common word or phrase learns it has more than the marketplace's 10,000 counted matches by
-- reading one row, instead of looking for 10,001 of them. The counts move in the statement that
-- changes an item (insert, approval, withdrawal, deletion, text edited), through statement-level
-- triggers that read the changed rows once: a bulk import counts its words in one upsert. Words
-- are upserted in word order, so two transactions touching the same words lock them in the same
-- order.
ALTER TABLE catalogue_words ADD COLUMN IF NOT EXISTS items integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Two words side by side in a title, short words and numbers skipped as the vocabulary skips
-- them ('Coucher de soleil' gives 'coucher soleil'): each pair once per item, both languages.
CREATE OR REPLACE FUNCTION vitrine_title_pairs(title_fr text, title_en text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT pair FROM (
          SELECT w || ' ' || lead(w) OVER (PARTITION BY title ORDER BY n) AS pair
          FROM unnest(ARRAY[title_fr, title_en]) AS title,
            regexp_split_to_table(public.vitrine_search_text(title), '[^[:alnum:]]+') WITH ORDINALITY AS t(w, n)
          WHERE length(w) >= 3 AND w !~ '^[0-9]+$') AS pairs
        WHERE pair IS NOT NULL $$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalogue_word_pairs (pair text PRIMARY KEY, items integer DEFAULT 0 NOT NULL);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalogue_word_pairs_trgm_idx ON catalogue_word_pairs USING gin (pair gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_submission_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Every new item's words join the vocabulary; those on sale count.
    INSERT INTO catalogue_words AS c (word, items)
      SELECT w, count(*) FILTER (WHERE new_rows.status = 'approved' AND new_rows.deleted_at IS NULL)
      FROM new_rows, public.vitrine_words(new_rows.search_doc) AS w
      GROUP BY w ORDER BY w
    ON CONFLICT (word) DO UPDATE SET items = c.items + excluded.items
      WHERE excluded.items <> 0;
    INSERT INTO catalogue_word_pairs AS c (pair, items)
      SELECT pair, count(*)
      FROM new_rows, public.vitrine_title_pairs(new_rows.title_fr, new_rows.title_en) AS pair
      WHERE new_rows.status = 'approved' AND new_rows.deleted_at IS NULL
      GROUP BY pair ORDER BY pair
    ON CONFLICT (pair) DO UPDATE SET items = c.items + excluded.items;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_words c SET items = c.items - gone.items
      FROM (SELECT w, count(*)::int AS items FROM old_rows, public.vitrine_words(old_rows.search_doc) AS w
            WHERE old_rows.status = 'approved' AND old_rows.deleted_at IS NULL GROUP BY w) AS gone
      WHERE c.word = gone.w;
    UPDATE catalogue_word_pairs c SET items = c.items - gone.items
      FROM (SELECT pair, count(*)::int AS items
            FROM old_rows, public.vitrine_title_pairs(old_rows.title_fr, old_rows.title_en) AS pair
            WHERE old_rows.status = 'approved' AND old_rows.deleted_at IS NULL GROUP BY pair) AS gone
      WHERE c.pair = gone.pair;
  ELSE
    -- Only rows whose text or place in the catalogue changed: the old text's words and pairs
    -- leave the counts if it was on sale, the new one's join them if it is (and its words join
    -- the vocabulary in any case).
    WITH changes AS (
      SELECT o.search_doc AS doc, o.title_fr, o.title_en, -1 AS delta
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status = 'approved' AND o.deleted_at IS NULL
          AND (o.search_doc, o.status, o.deleted_at) IS DISTINCT FROM (n.search_doc, n.status, n.deleted_at)
      UNION ALL
      SELECT n.search_doc, n.title_fr, n.title_en,
          CASE WHEN n.status = 'approved' AND n.deleted_at IS NULL THEN 1 ELSE 0 END
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.search_doc, o.status, o.deleted_at) IS DISTINCT FROM (n.search_doc, n.status, n.deleted_at)
    ), words AS (
      INSERT INTO catalogue_words AS c (word, items)
        SELECT w, sum(delta) FROM changes, public.vitrine_words(changes.doc) AS w
        GROUP BY w ORDER BY w
      ON CONFLICT (word) DO UPDATE SET items = c.items + excluded.items
        WHERE excluded.items <> 0
    )
    INSERT INTO catalogue_word_pairs AS c (pair, items)
      SELECT pair, sum(delta) FROM changes, public.vitrine_title_pairs(changes.title_fr, changes.title_en) AS pair
      GROUP BY pair HAVING sum(delta) <> 0 ORDER BY pair
    ON CONFLICT (pair) DO UPDATE SET items = c.items + excluded.items;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_submission_words_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_words SET items = 0 WHERE items <> 0;
  DELETE FROM catalogue_word_pairs;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS content_submissions_words_update ON content_submissions;--> statement-breakpoint
CREATE TRIGGER content_submissions_words_update AFTER UPDATE ON content_submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_submission_words();--> statement-breakpoint
DROP TRIGGER IF EXISTS content_submissions_words_delete ON content_submissions;--> statement-breakpoint
CREATE TRIGGER content_submissions_words_delete AFTER DELETE ON content_submissions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_submission_words();--> statement-breakpoint
DROP TRIGGER IF EXISTS content_submissions_words_truncate ON content_submissions;--> statement-breakpoint
CREATE TRIGGER content_submissions_words_truncate AFTER TRUNCATE ON content_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_submission_words_truncated();--> statement-breakpoint
UPDATE catalogue_words c SET items = counted.items
  FROM (SELECT w, count(*)::int AS items FROM content_submissions, vitrine_words(search_doc) AS w
        WHERE status = 'approved' AND deleted_at IS NULL GROUP BY w) AS counted
  WHERE c.word = counted.w;
--> statement-breakpoint
INSERT INTO catalogue_word_pairs (pair, items)
  SELECT pair, count(*) FROM content_submissions, vitrine_title_pairs(title_fr, title_en) AS pair
  WHERE status = 'approved' AND deleted_at IS NULL GROUP BY pair
  ON CONFLICT (pair) DO UPDATE SET items = excluded.items;
