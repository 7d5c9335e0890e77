-- Search at scale (decision record 0056). The marketplace's pages are ordered by
-- `approved_at desc nulls last, id desc` (newest first, and newest first among equals in the
-- other sorts); an index in exactly that order lets PostgreSQL walk it and stop after the page,
-- instead of sorting every matching item. The earlier `approved_at DESC` indexes sort nulls first,
-- which that order cannot use; these replace them, for items on sale only as before.
DROP INDEX IF EXISTS content_submissions_public_recent_idx;--> statement-breakpoint
DROP INDEX IF EXISTS content_submissions_public_kind_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS content_submissions_public_newest_idx ON content_submissions
  (approved_at DESC NULLS LAST, id DESC)
  WHERE status = 'approved' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS content_submissions_public_kind_newest_idx ON content_submissions
  (kind, approved_at DESC NULLS LAST, id DESC)
  WHERE status = 'approved' AND deleted_at IS NULL;
