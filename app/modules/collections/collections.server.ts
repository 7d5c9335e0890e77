import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { onSaleCards, type CatalogueCard } from "../catalogue/catalogue.server";
import { uuidPattern } from "../catalogue/catalogue-query";
import type { Database } from "../db/client.server";
import { catalogueLikes, collectionItems, collections, contentSubmissions } from "../db/schema";
import { z } from "../validation/zod";
import { collectionNameMax } from "./collection-name";

/** How many collections one buyer keeps, and items one collection holds: room, not a quota. */
export const maxCollections = 100;
export const maxItemsPerCollection = 500;

export const collectionNameSchema = z
  .string()
  .trim()
  .min(1, "collections.errors.nameRequired")
  .max(collectionNameMax, "collections.errors.nameTooLong");

export class CollectionError extends Error {
  constructor(readonly code: "notFound" | "tooMany" | "full") {
    super(code);
  }
}

type CollectionRow = typeof collections.$inferSelect;

/** A share token: 32 random bytes, unguessable, URL-safe. */
function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The buyer's collection, or null when it does not exist or belongs to someone else. */
export async function ownCollection(
  db: Database,
  ownerId: string,
  collectionId: string,
): Promise<CollectionRow | null> {
  if (!uuidPattern.test(collectionId)) return null;
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, collectionId), eq(collections.ownerId, ownerId)));
  return row ?? null;
}

async function requireOwn(db: Database, ownerId: string, collectionId: string) {
  const row = await ownCollection(db, ownerId, collectionId);
  if (!row) throw new CollectionError("notFound");
  return row;
}

export interface CollectionSummary {
  id: string;
  name: string;
  items: number;
  shared: boolean;
  /** Whether the item asked about (`forSubmission`) is in it. */
  contains: boolean;
  /** The first items' pictures, for the list's preview. */
  cover: CatalogueCard["picture"];
}

/** The buyer's collections, newest first, with their sizes; `forSubmission` marks membership. */
export async function listCollections(
  db: Database,
  ownerId: string,
  forSubmission?: string,
): Promise<CollectionSummary[]> {
  const asked = forSubmission && uuidPattern.test(forSubmission) ? forSubmission : null;
  const rows = await db
    .select({
      id: collections.id,
      name: collections.name,
      shareToken: collections.shareToken,
      items: sql<number>`(select count(*)::int from collection_items i where i.collection_id = ${collections.id})`,
      contains: asked
        ? sql<boolean>`exists (select 1 from collection_items i where i.collection_id = ${collections.id} and i.submission_id = ${asked})`
        : sql<boolean>`false`,
      first: sql<
        string | null
      >`(select i.submission_id from collection_items i where i.collection_id = ${collections.id} order by i.added_at desc limit 1)`,
    })
    .from(collections)
    .where(eq(collections.ownerId, ownerId))
    .orderBy(desc(collections.createdAt), asc(collections.name));
  const covers = await onSaleCards(
    db,
    rows.flatMap((row) => (row.first ? [row.first] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    items: Number(row.items),
    shared: Boolean(row.shareToken),
    contains: Boolean(row.contains),
    cover: covers.find((card) => card.id === row.first)?.picture ?? null,
  }));
}

export async function createCollection(db: Database, ownerId: string, name: string) {
  const [{ n }] = (await db
    .select({ n: count() })
    .from(collections)
    .where(eq(collections.ownerId, ownerId))) as [{ n: number }];
  if (n >= maxCollections) throw new CollectionError("tooMany");
  const [row] = await db.insert(collections).values({ ownerId, name }).returning();
  return row!;
}

export async function renameCollection(
  db: Database,
  ownerId: string,
  collectionId: string,
  name: string,
) {
  await requireOwn(db, ownerId, collectionId);
  await db.update(collections).set({ name }).where(eq(collections.id, collectionId));
}

export async function deleteCollection(db: Database, ownerId: string, collectionId: string) {
  await requireOwn(db, ownerId, collectionId);
  await db.delete(collections).where(eq(collections.id, collectionId));
}

/**
 * Puts an item in the buyer's collection or takes it out. Only an item on sale can be added;
 * an item can always be taken out, even once withdrawn.
 */
export async function setCollectionItem(
  db: Database,
  ownerId: string,
  collectionId: string,
  submissionId: string,
  present: boolean,
) {
  await requireOwn(db, ownerId, collectionId);
  if (!uuidPattern.test(submissionId)) throw new CollectionError("notFound");
  if (!present) {
    await db
      .delete(collectionItems)
      .where(
        and(
          eq(collectionItems.collectionId, collectionId),
          eq(collectionItems.submissionId, submissionId),
        ),
      );
    return;
  }
  if ((await onSaleCards(db, [submissionId])).length === 0) {
    throw new CollectionError("notFound");
  }
  const [{ n }] = (await db
    .select({ n: count() })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId))) as [{ n: number }];
  if (n >= maxItemsPerCollection) throw new CollectionError("full");
  await db.insert(collectionItems).values({ collectionId, submissionId }).onConflictDoNothing();
}

/** Opens a share link (a new token) for the buyer's collection. */
export async function shareCollection(db: Database, ownerId: string, collectionId: string) {
  await requireOwn(db, ownerId, collectionId);
  const token = newShareToken();
  await db.update(collections).set({ shareToken: token }).where(eq(collections.id, collectionId));
  return token;
}

/** Closes the share link: the old token opens nothing any more. */
export async function revokeShare(db: Database, ownerId: string, collectionId: string) {
  await requireOwn(db, ownerId, collectionId);
  await db.update(collections).set({ shareToken: null }).where(eq(collections.id, collectionId));
}

/** The items of a collection that are still on sale, most recently added first. */
async function itemsOnSale(db: Database, collectionId: string) {
  const rows = await db
    .select({ id: collectionItems.submissionId })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId))
    .orderBy(desc(collectionItems.addedAt), asc(collectionItems.submissionId));
  const cards = await onSaleCards(
    db,
    rows.map((row) => row.id),
  );
  return { cards, unavailable: rows.length - cards.length };
}

/** One of the buyer's collections with its items on sale (null: not theirs, or gone). */
export async function collectionPage(db: Database, ownerId: string, collectionId: string) {
  const row = await ownCollection(db, ownerId, collectionId);
  if (!row) return null;
  return { collection: row, ...(await itemsOnSale(db, row.id)) };
}

/**
 * What a share link shows anyone: the collection's name and the items still on sale (not who
 * made it). Null for an unknown or revoked token.
 */
export async function sharedCollection(db: Database, token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .where(eq(collections.shareToken, token));
  if (!row) return null;
  const { cards } = await itemsOnSale(db, row.id);
  return { name: row.name, cards };
}

/** The buyer's favourites: the items they liked that are still on sale, latest like first. */
export async function favouriteCards(db: Database, userId: string): Promise<CatalogueCard[]> {
  const rows = await db
    .select({ id: catalogueLikes.submissionId })
    .from(catalogueLikes)
    .innerJoin(contentSubmissions, eq(contentSubmissions.id, catalogueLikes.submissionId))
    .where(eq(catalogueLikes.userId, userId))
    .orderBy(desc(catalogueLikes.createdAt), asc(catalogueLikes.submissionId));
  return onSaleCards(
    db,
    rows.map((row) => row.id),
  );
}
