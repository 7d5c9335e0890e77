import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  cartItems,
  contentSubmissions,
  licenceIds,
  licences,
  profiles,
  uploads,
  type LicenceId,
} from "../db/schema";
import { titleIn } from "../catalogue/localized-title.server";
import type { Locale } from "../i18n/locale";
import { isFree, orderTotals } from "../pricing/pricing";
import type { VatRule } from "../pricing/vat";
import { buyerVat } from "../billing/billing.server";
import { quoteLine, type LineQuote } from "../pricing/quote.server";
import { notHeldExclusively } from "./on-sale.server";
import { ownedLicences, ownsLicence } from "./ownership.server";

/** One cart line as stored: an item and the chosen licence (never a price). */
export interface CartRef {
  submissionId: string;
  licenceId: LicenceId;
}

export function isLicenceId(value: unknown): value is LicenceId {
  return typeof value === "string" && (licenceIds as readonly string[]).includes(value);
}

/**
 * A cart line as pages show it, priced by the server now; `lineCents` null = no longer on sale,
 * or `owned`: the buyer already holds this licence (bought in another tab meanwhile).
 */
export interface CartLineView {
  submissionId: string;
  licenceId: LicenceId;
  licenceName: string;
  title: string;
  author: string | null;
  kind: string;
  thumbnail: string | null;
  lineCents: number | null;
  owned: boolean;
}

export interface CartView {
  lines: CartLineView[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  /** The buyer's VAT rule, shown beside the VAT line. */
  vat: VatRule;
}

export type AddOutcome = "added" | "duplicate" | "unavailable" | "free" | "owned";

/**
 * Whether an item may be bought under a licence now: on sale, licence known, exclusive licence
 * not held by another checkout, not a free item under the standard licence (claimed, not
 * bought), and not already owned by the buyer under that licence. Returns the server's quote
 * when it may.
 */
export async function purchasableQuote(
  db: Database,
  ref: CartRef,
  buyerId: string | null,
): Promise<LineQuote | "unavailable" | "free" | "owned"> {
  const quote = await quoteLine(db, ref.submissionId, ref.licenceId);
  if (!quote) return "unavailable";
  if (isFree(quote.itemPriceCents) && ref.licenceId === "standard") return "free";
  if (buyerId && (await ownsLicence(db, buyerId, ref.submissionId, ref.licenceId))) return "owned";
  const [row] = await db
    .select({ id: contentSubmissions.id })
    .from(contentSubmissions)
    .where(
      and(eq(contentSubmissions.id, ref.submissionId), notHeldExclusively(contentSubmissions.id)),
    );
  return row ? quote : "unavailable";
}

export async function cartRefs(db: Database, userId: string): Promise<CartRef[]> {
  return db
    .select({ submissionId: cartItems.submissionId, licenceId: cartItems.licenceId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt));
}

export async function cartCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.count ?? 0;
}

/** Adds an item once: a second add of the same item (whatever the licence) is a duplicate. */
export async function addToCart(db: Database, userId: string, ref: CartRef): Promise<AddOutcome> {
  const quote = await purchasableQuote(db, ref, userId);
  if (typeof quote === "string") return quote;
  const inserted = await db
    .insert(cartItems)
    .values({ userId, submissionId: ref.submissionId, licenceId: ref.licenceId })
    .onConflictDoNothing()
    .returning({ submissionId: cartItems.submissionId });
  return inserted.length > 0 ? "added" : "duplicate";
}

export async function removeFromCart(db: Database, userId: string, submissionId: string) {
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.submissionId, submissionId)));
}

/** Removes the lines the buyer already owns under their licence (bought in another tab). */
export async function removeOwnedLines(db: Database, userId: string) {
  const refs = await cartRefs(db, userId);
  const owned = await ownedLicences(
    db,
    userId,
    refs.map((ref) => ref.submissionId),
  );
  for (const ref of refs) {
    if (
      owned.some((row) => row.submissionId === ref.submissionId && row.licenceId === ref.licenceId)
    ) {
      await removeFromCart(db, userId, ref.submissionId);
    }
  }
}

export async function clearCart(db: Database, userId: string) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** Moves a visitor's cart into the account at sign-in; lines already there win. */
export async function mergeVisitorCart(db: Database, userId: string, refs: readonly CartRef[]) {
  for (const ref of refs) await addToCart(db, userId, ref);
}

/**
 * Prices lines from the database: what the cart, checkout and order creation show and charge.
 * A line the buyer already owns is shown flagged and charged nothing.
 */
export async function priceCart(
  db: Database,
  refs: readonly CartRef[],
  locale: Locale,
  buyerId: string | null,
): Promise<CartView> {
  // VAT by the buyer's billing details (decision record 0052); French VAT until they give them.
  const { vat } = await buyerVat(db, buyerId);
  if (refs.length === 0) return { lines: [], subtotalCents: 0, vatCents: 0, totalCents: 0, vat };
  const ids = refs.map((ref) => ref.submissionId);
  const [items, files, licenceRows, owned] = await Promise.all([
    db
      .select({
        id: contentSubmissions.id,
        title: titleIn(locale),
        kind: contentSubmissions.kind,
        storeName: profiles.storeName,
        displayName: profiles.displayName,
      })
      .from(contentSubmissions)
      .leftJoin(profiles, eq(profiles.userId, contentSubmissions.creatorId))
      .where(inArray(contentSubmissions.id, ids)),
    db
      .select({
        id: uploads.id,
        submissionId: uploads.submissionId,
        derivatives: uploads.derivatives,
      })
      .from(uploads)
      // An ebook's cover stands for it, as on its card; else the first file.
      .where(
        and(inArray(uploads.submissionId, ids), inArray(uploads.purpose, ["original", "cover"])),
      )
      .orderBy(sql`(${uploads.purpose} = 'cover') desc`, asc(uploads.position)),
    db.select().from(licences),
    buyerId ? ownedLicences(db, buyerId, ids) : [],
  ]);
  const lines: CartLineView[] = [];
  for (const ref of refs) {
    const item = items.find((row) => row.id === ref.submissionId);
    if (!item) continue;
    const licence = licenceRows.find((row) => row.id === ref.licenceId);
    const file = files.find(
      (row) => row.submissionId === ref.submissionId && row.derivatives.thumbnail,
    );
    const quote = await purchasableQuote(db, ref, null);
    const isOwned = owned.some(
      (row) => row.submissionId === ref.submissionId && row.licenceId === ref.licenceId,
    );
    lines.push({
      submissionId: ref.submissionId,
      licenceId: ref.licenceId,
      licenceName: licence ? (locale === "fr" ? licence.nameFr : licence.nameEn) : ref.licenceId,
      title: item.title,
      author: item.storeName || item.displayName || null,
      kind: item.kind,
      thumbnail: file ? `/media/${file.id}/thumbnail` : null,
      lineCents: typeof quote === "object" && !isOwned ? quote.lineCents : null,
      owned: isOwned,
    });
  }
  const totals = orderTotals(
    lines.map((line) => line.lineCents ?? 0),
    vat.rateBps,
  );
  return { lines, ...totals, vat };
}
