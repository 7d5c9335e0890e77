ALTER TABLE "content_submissions" ADD COLUMN "media_width" integer;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "media_height" integer;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "media_duration_seconds" real;--> statement-breakpoint
ALTER TABLE "content_submissions" ADD COLUMN "dominant_colour" text;--> statement-breakpoint
-- Hand-written: the marketplace's facets (decision record 0059) filter on columns of the item,
-- copied from its files' metadata whenever a file is added, moved, processed or removed. The
-- size and duration come from the first complete original, the colour from the file that
-- stands for the item (a cover first, as cards show). Statement-level: a bulk import of files
-- refreshes each item once; only items whose values change are written.
CREATE OR REPLACE FUNCTION vitrine_refresh_media_facets(targets uuid[]) RETURNS void
  LANGUAGE sql AS $$
  WITH facts AS (
    SELECT cs.id, f.width, f.height, f.duration, c.colour
    FROM content_submissions cs
    LEFT JOIN LATERAL (
      SELECT CASE WHEN jsonb_typeof(u.metadata->'width') = 'number' THEN round((u.metadata->>'width')::numeric)::int END AS width,
             CASE WHEN jsonb_typeof(u.metadata->'height') = 'number' THEN round((u.metadata->>'height')::numeric)::int END AS height,
             CASE WHEN jsonb_typeof(u.metadata->'durationSeconds') = 'number' THEN (u.metadata->>'durationSeconds')::real END AS duration
      FROM uploads u
      WHERE u.submission_id = cs.id AND u.status = 'complete' AND u.purpose = 'original'
      ORDER BY u.position, u.created_at LIMIT 1) f ON true
    LEFT JOIN LATERAL (
      SELECT u.metadata->>'colourName' AS colour
      FROM uploads u
      WHERE u.submission_id = cs.id AND u.status = 'complete' AND jsonb_typeof(u.metadata->'colourName') = 'string'
      ORDER BY (u.purpose = 'cover') DESC, u.position, u.created_at LIMIT 1) c ON true
    WHERE cs.id = ANY(targets)
  )
  UPDATE content_submissions cs
  SET media_width = facts.width, media_height = facts.height,
      media_duration_seconds = facts.duration, dominant_colour = facts.colour
  FROM facts
  WHERE cs.id = facts.id
    AND (cs.media_width, cs.media_height, cs.media_duration_seconds, cs.dominant_colour)
      IS DISTINCT FROM (facts.width, facts.height, facts.duration, facts.colour);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_uploads_inserted_facets() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.vitrine_refresh_media_facets(ARRAY(
    SELECT DISTINCT submission_id FROM new_rows WHERE submission_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_uploads_updated_facets() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose facts may have changed: an upload's progress and status updates are many.
  PERFORM public.vitrine_refresh_media_facets(ARRAY(
    SELECT DISTINCT x.submission_id FROM (
      SELECT n.submission_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.metadata, n.submission_id, n.position, n.status, n.purpose)
          IS DISTINCT FROM (o.metadata, o.submission_id, o.position, o.status, o.purpose)
      UNION SELECT o.submission_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.submission_id IS DISTINCT FROM o.submission_id) x
    WHERE x.submission_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrine_uploads_deleted_facets() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.vitrine_refresh_media_facets(ARRAY(
    SELECT DISTINCT submission_id FROM old_rows WHERE submission_id IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS uploads_facets_insert ON uploads;--> statement-breakpoint
CREATE TRIGGER uploads_facets_insert AFTER INSERT ON uploads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_uploads_inserted_facets();--> statement-breakpoint
DROP TRIGGER IF EXISTS uploads_facets_update ON uploads;--> statement-breakpoint
CREATE TRIGGER uploads_facets_update AFTER UPDATE ON uploads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_uploads_updated_facets();--> statement-breakpoint
DROP TRIGGER IF EXISTS uploads_facets_delete ON uploads;--> statement-breakpoint
CREATE TRIGGER uploads_facets_delete AFTER DELETE ON uploads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrine_uploads_deleted_facets();--> statement-breakpoint
-- Items written before: their files' size and duration (colours are named by the media job
-- from now on; an older file gets its colour when it is processed again).
SELECT vitrine_refresh_media_facets(ARRAY(SELECT DISTINCT submission_id FROM uploads WHERE submission_id IS NOT NULL));
