import { sql } from "drizzle-orm";
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { VatScheme } from "../pricing/vat";
import type { BillingSnapshot } from "../billing/billing-details";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Tables owned by better-auth. Their JS property names are the ones the library
// expects (user, session, account, verification, rateLimit); column names are ours.
// ---------------------------------------------------------------------------

export const user = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** Fixed-window counters, shared by better-auth's own limiter and ours (keys are prefixed). */
export const rateLimit = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Our tables.
// ---------------------------------------------------------------------------

export const roleEnum = pgEnum("role", ["client", "creator", "admin"]);

export const userRoles = pgTable("user_roles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  role: roleEnum("role").notNull().default("client"),
  updatedAt: updatedAt(),
});

export const countryEnum = pgEnum("country", ["fr", "ma", "dz", "tn", "other"]);
export const localeEnum = pgEnum("locale", ["fr", "en"]);

export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  displayName: text("display_name").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  storeName: text("store_name"),
  country: countryEnum("country").notNull(),
  locale: localeEnum("locale").notNull().default("fr"),
  /** The seller's words about their shop, in each language; either may be empty (0058). */
  bioFr: text("bio_fr").notNull().default(""),
  bioEn: text("bio_en").notNull().default(""),
  /** The seller's own uploads shown on their public page (purpose avatar, banner). */
  avatarUploadId: text("avatar_upload_id").references((): AnyPgColumn => uploads.id, {
    onDelete: "set null",
  }),
  bannerUploadId: text("banner_upload_id").references((): AnyPgColumn => uploads.id, {
    onDelete: "set null",
  }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contentKindEnum = pgEnum("content_kind", [
  "photo",
  "video",
  "audio",
  "illustration",
  "vector",
  "ebook",
]);

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  kind: contentKindEnum("kind").notNull(),
  nameFr: text("name_fr").notNull(),
  nameEn: text("name_en").notNull(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** A single row (id = 1) of settings that admins edit. */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: integer("id").primaryKey().default(1),
    aiAutoGenerateEnabled: boolean("ai_auto_generate_enabled").notNull().default(false),
    autoApproveOnPublish: boolean("auto_approve_on_publish").notNull().default(false),
    /** Platform commission in basis points (1500 = 15 %). */
    commissionRateBps: integer("commission_rate_bps").notNull().default(1500),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("platform_settings_single_row", sql`${table.id} = 1`),
    check(
      "platform_settings_commission_range",
      sql`${table.commissionRateBps} between 0 and 10000`,
    ),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_at_idx").on(table.createdAt)],
);

/** E-mails kept when no SMTP server is configured (and a record of every e-mail sent). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    transport: text("transport").notNull(),
    /** The sending job's key: a job run again after a crash keeps one copy. */
    messageKey: text("message_key").unique(),
    createdAt: createdAt(),
  },
  (table) => [index("mail_outbox_to_idx").on(table.to)],
);

/** Our fixed-window attempt counters for sign-in, sign-up and password reset. */
export const attemptWindows = pgTable("attempt_windows", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

export const submissionStatusEnum = pgEnum("submission_status", [
  "draft",
  "pending",
  "approved",
  "rejected",
]);

/**
 * A product a seller offers (a submission): its files are uploads attached to
 * it. Only approved submissions are public; a sold submission that is deleted is only hidden.
 */
export const contentSubmissions = pgTable(
  "content_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * Title, description and tags per language (decision 0049): an empty value means "not
     * written in that language yet"; pages fall back to the other language.
     */
    titleFr: text("title_fr").notNull().default(""),
    titleEn: text("title_en").notNull().default(""),
    descriptionFr: text("description_fr").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    kind: contentKindEnum("kind").notNull(),
    /** Integer cents; null or 0 is free. */
    priceCents: integer("price_cents"),
    tagsFr: text("tags_fr")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tagsEn: text("tags_en")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: submissionStatusEnum("status").notNull().default("draft"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by").references(() => user.id, { onDelete: "set null" }),
    /** A coded reason (see moderation) and the admin's optional free text. */
    rejectionCode: text("rejection_code"),
    rejectionReason: text("rejection_reason"),
    /**
     * The draft's text was written by an automatic proposal (auto-generation or "Tout générer")
     * and the seller has not looked at it since: the bulk publish leaves it out (record 0050).
     */
    proposalUnreviewed: boolean("proposal_unreviewed").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * What the marketplace's facets filter on, copied from the item's files by a trigger on
     * `uploads` (migration *_media-facets.sql): the first original's size and duration, and the
     * named dominant colour of the file that stands for the item (cover first). Null when unknown.
     */
    mediaWidth: integer("media_width"),
    mediaHeight: integer("media_height"),
    mediaDurationSeconds: real("media_duration_seconds"),
    dominantColour: text("dominant_colour"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("content_submissions_creator_idx").on(table.creatorId, table.createdAt),
    index("content_submissions_status_idx").on(table.status, table.createdAt),
    check("content_submissions_price_positive", sql`${table.priceCents} >= 0`),
  ],
);

export const uploadStatusEnum = pgEnum("upload_status", ["uploading", "complete", "rejected"]);
export const uploadPurposeEnum = pgEnum("upload_purpose", [
  "original",
  "cover",
  // A seller's shop pictures (decision record 0058).
  "avatar",
  "banner",
]);
export const mediaStatusEnum = pgEnum("media_status", [
  "none",
  "queued",
  "processing",
  "ready",
  "failed",
]);

/**
 * The files derived from an original (never the original itself), each by its version: the start
 * of its SHA-256, carried by its URL (`?v=`). The file is at `media/<uploadId>/<name>` in the
 * storage. Rows written before versions hold the key `<uploadId>/<name>` instead.
 */
export type MediaDerivatives = {
  thumbnail?: string;
  preview?: string;
  poster?: string;
  clip?: string;
  audio?: string;
  /** WebP copies by width (decision record 0048); older uploads have none. */
  "card-320"?: string;
  "card-640"?: string;
  "still-640"?: string;
  "still-960"?: string;
  "still-1280"?: string;
  /** An ebook's watermarked pages after the first, which is its preview (decision record 0058). */
  "page-2"?: string;
  "page-3"?: string;
  "page-4"?: string;
  "page-5"?: string;
};

/** What was read from a file: every field optional, as each kind has its own. */
export type MediaMetadata = {
  format?: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
  pages?: number;
  /** How many of a PDF's pages were rendered as previews (decision record 0058). */
  previewPages?: number;
  codec?: string;
  bitrate?: number;
  sampleRate?: number;
  channels?: number;
  waveform?: number[];
  dominantColors?: string[];
  /** The name of the first dominant colour (ColourName), which the marketplace filters on. */
  colourName?: string;
  embeddedTitle?: string;
  embeddedKeywords?: string[];
  /** What the author wrote inside the file: XMP/IPTC caption, ID3 comment, container tags. */
  embeddedDescription?: string;
  /** PDF Author, ID3 artist, a container's artist tag. */
  embeddedAuthor?: string;
  /** ID3 or container genre. */
  embeddedGenre?: string;
  watermarked?: boolean;
};

/**
 * A file a seller sends with the tus protocol (a content file once attached to a
 * submission). The id is server-made and is also the storage key of the private original.
 */
export const uploads = pgTable(
  "uploads",
  {
    /** Server-generated; also the storage key of the original. */
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The name the seller's file had, cleaned of any path. */
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    status: uploadStatusEnum("status").notNull().default("uploading"),
    purpose: uploadPurposeEnum("purpose").notNull().default("original"),
    /** The MIME type detected from the file's bytes once complete. */
    detectedMime: text("detected_mime"),
    rejectionReason: text("rejection_reason"),
    sha256: text("sha256"),
    submissionId: uuid("submission_id").references(() => contentSubmissions.id, {
      onDelete: "cascade",
    }),
    /** Order of the file within its submission. */
    position: integer("position").notNull().default(0),
    processingStatus: mediaStatusEnum("processing_status").notNull().default("none"),
    /** A catalog key under media.errors, or a short technical message. */
    processingError: text("processing_error"),
    metadata: jsonb("metadata").$type<MediaMetadata>().notNull().default({}),
    derivatives: jsonb("derivatives").$type<MediaDerivatives>().notNull().default({}),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("uploads_owner_status_idx").on(table.ownerId, table.status),
    index("uploads_submission_idx").on(table.submissionId),
  ],
);

export const jobStatusEnum = pgEnum("job_status", ["queued", "running", "done", "failed"]);

/**
 * Background jobs kept in the database, so they survive a restart: a worker claims one at a time
 * (FOR UPDATE SKIP LOCKED), renews its lease while it runs, and retries with a growing delay.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: jobStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** A job that must exist once (a recurring job, one consequence of one event): unique. */
    uniqueKey: text("unique_key"),
    /** A recurring job: once run, the same row is queued again this many seconds later. */
    everySeconds: integer("every_seconds"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("jobs_status_run_after_idx").on(table.status, table.runAfter),
    uniqueIndex("jobs_unique_key_idx").on(table.uniqueKey),
  ],
);

// ---------------------------------------------------------------------------
// Commerce: the licence catalogue, orders, transactions (one per sold line) and the
// buyers' entitlements. Amounts are integer euro cents everywhere.
// ---------------------------------------------------------------------------

export const licenceIds = ["standard", "extended", "exclusive"] as const;
export type LicenceId = (typeof licenceIds)[number];

/**
 * The licence catalogue (docs/product.md, "Licences and prices"), editable by admins: the surcharge added to an item's
 * price and the texts shown on the product page, the licences page, the cart and receipts.
 */
export const licences = pgTable(
  "licences",
  {
    id: text("id").$type<LicenceId>().primaryKey(),
    position: integer("position").notNull(),
    surchargeCents: integer("surcharge_cents").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionFr: text("description_fr").notNull(),
    descriptionEn: text("description_en").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check("licences_surcharge_positive", sql`${table.surchargeCents} >= 0`)],
);

export const orderStatusEnum = pgEnum("order_status", [
  "pending",
  "paid",
  "failed",
  "expired",
  "refunded",
]);

/**
 * A buyer's order: its lines are transactions. Totals are computed by the server from the
 * database when the order is made and never change; the amount charged is `totalCents`.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: text("buyer_id").references(() => user.id, { onDelete: "set null" }),
    status: orderStatusEnum("status").notNull().default("pending"),
    subtotalCents: integer("subtotal_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    /** Which payment provider handles it: "test", "stripe", or "free" (nothing to pay). */
    provider: text("provider").notNull(),
    /** The provider's checkout session id, once the payment page exists. */
    providerSessionId: text("provider_session_id"),
    /** The provider's payment id (Stripe PaymentIntent), once paid. */
    providerPaymentId: text("provider_payment_id"),
    /**
     * What the order charges (its lines and total, hashed) while its payment page may still be
     * offered again: a second 'Payer' for the same cart reuses the order. Cleared once the order
     * is no longer offered (too old, failed).
     */
    checkoutKey: text("checkout_key"),
    /** The provider's payment page of this order, offered again to the same cart. */
    checkoutUrl: text("checkout_url"),
    /** The VAT rule applied (pricing/vat.ts), chosen from the buyer's billing details. */
    vatRateBps: integer("vat_rate_bps").notNull().default(2000),
    vatScheme: text("vat_scheme").$type<VatScheme>().notNull().default("eu-consumer"),
    /** The buyer's billing details as they were when the order was made (printed on the invoice). */
    billing: jsonb("billing").$type<BillingSnapshot>(),
    /** VIT-<year>-<6 digits>, given in the transaction that marks the order paid (0051). */
    invoiceNumber: text("invoice_number"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("orders_provider_session_idx").on(table.provider, table.providerSessionId),
    uniqueIndex("orders_invoice_number_idx").on(table.invoiceNumber),
    // One open order per buyer and cart contents: parallel 'Payer' clicks share it.
    uniqueIndex("orders_open_checkout_idx")
      .on(table.buyerId, table.checkoutKey)
      .where(sql`${table.status} = 'pending' and ${table.checkoutKey} is not null`),
    index("orders_pending_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index("orders_buyer_idx").on(table.buyerId, table.createdAt),
    check("orders_amounts_positive", sql`${table.subtotalCents} >= 0 and ${table.vatCents} >= 0`),
    check("orders_total", sql`${table.totalCents} = ${table.subtotalCents} + ${table.vatCents}`),
  ],
);

export const transactionStatusEnum = pgEnum("transaction_status", [
  "pending",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
]);

/**
 * One sold line (a transaction): a submission with a licence, from one seller to one
 * buyer. Title and amounts are kept as they were at the sale, so the record outlives deletions.
 * `amountCents` is the line price before VAT; commission and seller share split it exactly.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id").references(() => user.id, { onDelete: "set null" }),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    submissionId: uuid("submission_id").references(() => contentSubmissions.id, {
      onDelete: "set null",
    }),
    licenceId: text("licence_id").$type<LicenceId>().notNull(),
    title: text("title").notNull(),
    itemPriceCents: integer("item_price_cents").notNull(),
    licenceCents: integer("licence_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    /** The commission rate applied, in basis points, read from the settings at the sale. */
    commissionBps: integer("commission_bps").notNull(),
    commissionCents: integer("commission_cents").notNull(),
    sellerShareCents: integer("seller_share_cents").notNull(),
    status: transactionStatusEnum("status").notNull().default("pending"),
    providerPaymentId: text("provider_payment_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
  },
  (table) => [
    index("transactions_order_idx").on(table.orderId),
    index("transactions_seller_idx").on(table.sellerId, table.createdAt),
    index("transactions_buyer_idx").on(table.buyerId, table.createdAt),
    index("transactions_submission_idx").on(table.submissionId),
    index("transactions_status_idx").on(table.status, table.createdAt),
    check(
      "transactions_split",
      sql`${table.amountCents} = ${table.commissionCents} + ${table.sellerShareCents}`,
    ),
    check("transactions_amount_positive", sql`${table.amountCents} >= 0`),
  ],
);

export const entitlementSourceEnum = pgEnum("entitlement_source", [
  "purchase",
  "free",
  "credits",
  "subscription",
]);

/**
 * A buyer's right to download a submission under a licence (what a download is allowed by),
 * with its licence certificate number. At most one per transaction; revoked by a refund.
 */
export const entitlements = pgTable(
  "entitlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contentSubmissions.id, { onDelete: "cascade" }),
    licenceId: text("licence_id").$type<LicenceId>().notNull(),
    source: entitlementSourceEnum("source").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id, {
      onDelete: "set null",
    }),
    certificateNumber: text("certificate_number").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why downloads are suspended (an open dispute), if they are. */
    suspendedReason: text("suspended_reason"),
  },
  (table) => [
    uniqueIndex("entitlements_transaction_idx").on(table.transactionId),
    uniqueIndex("entitlements_certificate_idx").on(table.certificateNumber),
    // A buyer owns an item under a licence once; a revoked (refunded) right does not count.
    uniqueIndex("entitlements_owned_licence_idx")
      .on(table.buyerId, table.submissionId, table.licenceId)
      .where(sql`${table.revokedAt} is null`),
    index("entitlements_buyer_idx").on(table.buyerId, table.createdAt),
    index("entitlements_submission_idx").on(table.submissionId),
  ],
);

/**
 * Every payment event received (Stripe webhooks, the test provider's signed events), once per
 * provider event id: a delivery seen before is acknowledged without being handled again. The
 * admin's payment-provider tab reads webhook health from here.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** Why handling failed, if it did (the provider will deliver it again). */
    error: text("error"),
  },
  (table) => [
    uniqueIndex("payment_events_provider_event_idx").on(table.provider, table.eventId),
    index("payment_events_received_idx").on(table.receivedAt),
  ],
);

export const contactKindEnum = pgEnum("contact_kind", ["contact", "feedback"]);
export const contactSubjectEnum = pgEnum("contact_subject", [
  "support",
  "billing",
  "partnership",
  "legal",
  "other",
]);
export const contactStatusEnum = pgEnum("contact_status", ["new", "handled"]);

/**
 * Messages sent through the contact, help-centre and feedback forms, read by admins in their
 * inbox. Kept 3 years (support retention in the privacy policy).
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: contactKindEnum("kind").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** Null for feedback, which has no subject list. */
    subject: contactSubjectEnum("subject"),
    message: text("message").notNull(),
    /** The language of the page it was sent from (and of the acknowledgement). */
    locale: localeEnum("locale").notNull(),
    /** The signed-in sender, if any. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: contactStatusEnum("status").notNull().default("new"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_status_created_idx").on(table.status, table.createdAt)],
);
// ---------------------------------------------------------------------------
// Commerce: signed-in buyers' carts and exclusive-licence holds.
// ---------------------------------------------------------------------------

/**
 * A line of a signed-in buyer's cart: one item under one licence, once per item. Prices are
 * never stored here: the cart is priced from the database each time it is shown.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contentSubmissions.id, { onDelete: "cascade" }),
    licenceId: text("licence_id").$type<LicenceId>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("cart_items_user_submission_idx").on(table.userId, table.submissionId)],
);

/**
 * The exclusive licence of an item, held by one order from checkout until it is paid (then
 * `soldAt` is set and the item is off sale for good) or fails. The primary key is the
 * submission: two checkouts cannot both hold it.
 */
export const exclusiveHolds = pgTable("exclusive_holds", {
  submissionId: uuid("submission_id")
    .primaryKey()
    .references(() => contentSubmissions.id, { onDelete: "cascade" }),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  soldAt: timestamp("sold_at", { withTimezone: true }),
});

/** One like per user and submission (the product page's heart); counts are real, not random. */
export const catalogueLikes = pgTable(
  "catalogue_likes",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contentSubmissions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.userId] }),
    index("catalogue_likes_user_idx").on(table.userId),
  ],
);

/**
 * Items an admin pins to the home page's featured row, in their order; the row is completed with
 * the newest approved items.
 */
export const catalogueFeatured = pgTable("catalogue_featured", {
  submissionId: uuid("submission_id")
    .primaryKey()
    .references(() => contentSubmissions.id, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A buyer's named collection of items (favourites are the likes). `shareToken`, when set, opens
 * a read-only page to anyone who has the link; revoking clears it, and sharing again makes a
 * new one.
 */
export const collections = pgTable(
  "collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    shareToken: text("share_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("collections_owner_idx").on(table.ownerId, table.createdAt),
    uniqueIndex("collections_share_token_idx").on(table.shareToken),
  ],
);

/** An item in a collection, once. */
export const collectionItems = pgTable(
  "collection_items",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contentSubmissions.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.submissionId] }),
    index("collection_items_submission_idx").on(table.submissionId),
  ],
);

// ---------------------------------------------------------------------------
// Credits: packs, plans and Infinity (decision records 0026, 0027). A ledger of grants (with an expiry) and spends,
// the subscriptions, and the settings admins edit. Amounts are integer euro cents.
// ---------------------------------------------------------------------------

/**
 * One row per buyer that has ever had credits: spends and Infinity downloads lock it
 * (SELECT … FOR UPDATE) so parallel requests of one buyer are taken one at a time.
 */
export const creditWallets = pgTable("credit_wallets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const creditGrantSourceEnum = pgEnum("credit_grant_source", ["pack", "plan", "admin"]);

/**
 * Credits given to a buyer: a pack (valid one year), a plan period (one month) or an admin
 * gift. `remaining` is what is left after spends (oldest grants are spent first); a grant past
 * `expiresAt` counts for nothing. `sourceRef` is unique: a payment or renewal delivered twice
 * grants once. `valueCents` is what the buyer paid for the whole grant (sellers' rule, 0026).
 */
export const creditGrants = pgTable(
  "credit_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    source: creditGrantSourceEnum("source").notNull(),
    sourceRef: text("source_ref").notNull(),
    credits: integer("credits").notNull(),
    remaining: integer("remaining").notNull(),
    valueCents: integer("value_cents").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("credit_grants_source_ref_idx").on(table.sourceRef),
    index("credit_grants_user_idx").on(table.userId, table.expiresAt),
    check("credit_grants_credits_positive", sql`${table.credits} > 0`),
    check(
      "credit_grants_remaining_range",
      sql`${table.remaining} >= 0 and ${table.remaining} <= ${table.credits}`,
    ),
  ],
);

/** A download paid with credits: the entitlement it created and the credits it used. */
export const creditSpends = pgTable(
  "credit_spends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    submissionId: uuid("submission_id").references(() => contentSubmissions.id, {
      onDelete: "set null",
    }),
    entitlementId: uuid("entitlement_id").references(() => entitlements.id, {
      onDelete: "set null",
    }),
    credits: integer("credits").notNull(),
    /** What the spent credits were worth (from what the buyer paid for them). */
    valueCents: integer("value_cents").notNull().default(0),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    index("credit_spends_user_idx").on(table.userId, table.createdAt),
    check("credit_spends_credits_positive", sql`${table.credits} > 0`),
  ],
);

/** Which grants a spend took its credits from (a refund gives them back to the same grants). */
export const creditSpendParts = pgTable(
  "credit_spend_parts",
  {
    spendId: uuid("spend_id")
      .notNull()
      .references(() => creditSpends.id, { onDelete: "cascade" }),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => creditGrants.id, { onDelete: "cascade" }),
    credits: integer("credits").notNull(),
  },
  (table) => [uniqueIndex("credit_spend_parts_idx").on(table.spendId, table.grantId)],
);

export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "pending",
  "active",
  /** A renewal payment failed; the provider retries it. No access until a payment succeeds. */
  "past_due",
  "canceled",
]);

/**
 * A credit plan or Infinity subscription: monthly or yearly, renewed by the provider until
 * cancelled at the end of its period.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** "plan-30", "plan-60", "plan-100", "plan-200" or "infinity". */
    planId: text("plan_id").notNull(),
    interval: text("interval").$type<"month" | "year">().notNull(),
    status: subscriptionStatusEnum("status").notNull().default("pending"),
    priceCents: integer("price_cents").notNull(),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id"),
    /** The provider's subscription (Stripe Billing's `sub_…`); null for the test provider. */
    providerSubscriptionId: text("provider_subscription_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("subscriptions_provider_session_idx").on(table.provider, table.providerSessionId),
    uniqueIndex("subscriptions_provider_subscription_idx").on(
      table.provider,
      table.providerSubscriptionId,
    ),
    index("subscriptions_user_idx").on(table.userId, table.status),
    // One credit plan and one Infinity subscription per buyer at a time, being paid or held
    // (pending, active or past due: every status but canceled).
    uniqueIndex("subscriptions_one_per_kind_idx")
      .on(table.userId, sql`(${table.planId} = 'infinity')`)
      .where(sql`${table.status} <> 'canceled'`),
  ],
);

/** A standard-licence download taken under Infinity (counted against the daily limit). */
export const infinityDownloads = pgTable(
  "infinity_downloads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, {
      onDelete: "set null",
    }),
    submissionId: uuid("submission_id").references(() => contentSubmissions.id, {
      onDelete: "set null",
    }),
    entitlementId: uuid("entitlement_id").references(() => entitlements.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (table) => [index("infinity_downloads_user_idx").on(table.userId, table.createdAt)],
);

/** Admin-editable credit settings (one row, id = 1): cost per kind, Infinity's daily limit. */
export const creditSettings = pgTable(
  "credit_settings",
  {
    id: integer("id").primaryKey().default(1),
    photoCost: integer("photo_cost").notNull().default(2),
    illustrationCost: integer("illustration_cost").notNull().default(2),
    vectorCost: integer("vector_cost").notNull().default(2),
    videoCost: integer("video_cost").notNull().default(25),
    audioCost: integer("audio_cost").notNull().default(25),
    ebookCost: integer("ebook_cost").notNull().default(5),
    infinityDailyLimit: integer("infinity_daily_limit").notNull().default(50),
    updatedAt: updatedAt(),
  },
  (table) => [check("credit_settings_single_row", sql`${table.id} = 1`)],
);

/**
 * Each paid period of a subscription (first payment and renewals), once per provider invoice:
 * a renewal delivered twice extends the period and grants the plan's credits once.
 */
export const subscriptionInvoices = pgTable(
  "subscription_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    invoiceRef: text("invoice_ref").notNull(),
    /** The period's price before VAT; VAT and the total charged as the receipt shows them. */
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    vatRateBps: integer("vat_rate_bps").notNull().default(2000),
    vatScheme: text("vat_scheme").$type<VatScheme>().notNull().default("eu-consumer"),
    billing: jsonb("billing").$type<BillingSnapshot>(),
    /** A renewal's own invoice number, from the same counter as orders (0051). */
    invoiceNumber: text("invoice_number"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("subscription_invoices_ref_idx").on(table.invoiceRef),
    uniqueIndex("subscription_invoices_number_idx").on(table.invoiceNumber),
  ],
);

/**
 * What a provider order buys when it is not catalogue items: a credit pack or a subscription's
 * first period. Fulfilment grants it in the transaction that marks the order paid (once).
 */
export const creditPurchases = pgTable("credit_purchases", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  kind: text("kind").$type<"pack" | "subscription">().notNull(),
  productId: text("product_id").notNull(),
  subscriptionId: uuid("subscription_id").references(() => subscriptions.id, {
    onDelete: "set null",
  }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Payouts: sellers' payment accounts, the earnings ledger, transfers to sellers, and the
// built-in test provider's own records (its side of accounts, transfers and refunds).
// ---------------------------------------------------------------------------

export const payoutAccountTypeEnum = pgEnum("payout_account_type", ["express", "standard"]);

/** What the provider still asks of an account (Stripe's requirements, by field name). */
export interface PayoutRequirements {
  currentlyDue: string[];
  eventuallyDue: string[];
  pastDue: string[];
}

/**
 * A seller's connected payment account (a Stripe Connect account or the test provider's), one per seller. The flags
 * are copied from the provider each time its state is read, never from a return URL.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    accountId: text("account_id").notNull(),
    type: payoutAccountTypeEnum("type").notNull(),
    country: text("country").notNull().default("FR"),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    requirements: jsonb("requirements")
      .$type<PayoutRequirements>()
      .notNull()
      .default({ currentlyDue: [], eventuallyDue: [], pastDue: [] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payout_accounts_provider_account_idx").on(table.provider, table.accountId),
  ],
);

export const payoutStatusEnum = pgEnum("payout_status", ["pending", "paid", "failed"]);

/**
 * A transfer of a seller's balance to their account. The idempotency key goes with every call
 * to the provider: a call retried after a timeout creates one transfer.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    accountId: text("account_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: payoutStatusEnum("status").notNull().default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    providerTransferId: text("provider_transfer_id"),
    /** A stable code (translated under payouts.failure), when the transfer failed. */
    failureCode: text("failure_code"),
    /**
     * The card payment the transfer is funded by (Stripe's source_transaction), when the payout
     * follows a sale paid by card: the transfer does not wait for the platform's available funds.
     */
    sourcePaymentId: text("source_payment_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payouts_idempotency_idx").on(table.idempotencyKey),
    index("payouts_seller_idx").on(table.sellerId, table.createdAt),
    check("payouts_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

export const ledgerEntryKindEnum = pgEnum("ledger_entry_kind", [
  "sale",
  "refund",
  "payout",
  "payout_failed",
  "transfer_reversal",
]);

/**
 * The sellers' earnings ledger: every movement of a seller's money, signed, in cents. A sale
 * credits the seller's share when it is paid; a refund reverses it; a payout debits the balance
 * and a failed payout gives it back; a refund after a payout takes the share back from the
 * seller's account (transfer_reversal, +). One entry per (kind, transaction) and per (kind, payout):
 * a movement cannot be written twice, whatever the number of events.
 */
export const earningsLedger = pgTable(
  "earnings_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    kind: ledgerEntryKindEnum("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id, {
      onDelete: "set null",
    }),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("earnings_ledger_transaction_idx").on(table.kind, table.transactionId),
    uniqueIndex("earnings_ledger_payout_idx").on(table.kind, table.payoutId),
    index("earnings_ledger_seller_idx").on(table.sellerId, table.createdAt),
    check(
      "earnings_ledger_sign",
      // Compared as text: a migration adding an enum value cannot use it in the same transaction.
      sql`(${table.kind}::text in ('sale', 'payout_failed', 'transfer_reversal') and ${table.amountCents} >= 0) or (${table.kind}::text in ('refund', 'payout') and ${table.amountCents} <= 0)`,
    ),
  ],
);

/**
 * A refund the provider reported before the payment it refunds was seen (events arrive in any
 * order): fulfilment applies it as soon as that payment is recorded.
 */
export const refundNotices = pgTable(
  "refund_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    /** The provider's payment id, or the checkout session id. */
    reference: text("reference").notNull(),
    eventId: text("event_id").notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("refund_notices_reference_idx").on(table.provider, table.reference)],
);

/** The test provider's side: connected accounts as its onboarding page leaves them. */
export const testConnectAccounts = pgTable("test_connect_accounts", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  type: payoutAccountTypeEnum("type").notNull(),
  email: text("email").notNull(),
  country: text("country").notNull(),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  verified: boolean("verified").notNull().default(false),
  /** The test bank account chosen on the onboarding page (some reject transfers). */
  bankAccount: text("bank_account"),
  createdAt: createdAt(),
});

/**
 * The test provider's transfers and refunds, unique by idempotency key: the same key gives
 * back the object made the first time, as Stripe does.
 */
export const testProviderObjects = pgTable("test_provider_objects", {
  id: text("id").primaryKey(),
  kind: text("kind").$type<"transfer" | "refund" | "reversal">().notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  /** Transfer: destination account; refund: payment id. */
  target: text("target").notNull(),
  status: text("status").notNull(),
  failureCode: text("failure_code"),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Invoicing (decision records 0051, 0052): buyers' billing details and the invoice counter.
// ---------------------------------------------------------------------------

/** What a buyer's invoices are made out to; asked at checkout when missing, edited in the profile. */
export const billingDetails = pgTable("billing_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** A person's or a company's name, as it goes on the invoice. */
  name: text("name").notNull(),
  /** Street, postal code and town, several lines. */
  address: text("address").notNull(),
  /** ISO 3166 code, capitals. */
  country: text("country").notNull(),
  /** An EU VAT number with its prefix, normalised; its format checked, not its existence. */
  vatNumber: text("vat_number"),
  updatedAt: updatedAt(),
});

/**
 * One row per year: the last invoice number given. Taken FOR UPDATE in the fulfilment
 * transaction, so numbers follow each other without gaps or duplicates (a rollback gives the
 * number back, which a sequence would not).
 */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * Resumable uploads in progress on S3 (decision 0046): what S3 would need ListParts to tell,
 * kept here so any instance can resume an upload another one started. `offset` is always the
 * parts' sizes plus `tailSize`, the bytes waiting in the `tailKey` object until they make a
 * part of 5 MiB (S3's minimum for all parts but the last).
 */
export const tusS3Uploads = pgTable(
  "tus_s3_uploads",
  {
    id: text("id").primaryKey(),
    size: bigint("size", { mode: "number" }).notNull(),
    offset: bigint("offset", { mode: "number" }).notNull().default(0),
    metadata: jsonb("metadata").$type<Record<string, string | null>>().notNull().default({}),
    /** S3's UploadId of the multipart upload; null for an empty file, stored whole at once. */
    multipartUploadId: text("multipart_upload_id"),
    tailKey: text("tail_key"),
    tailSize: bigint("tail_size", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("tus_s3_uploads_created_idx").on(table.createdAt)],
);

/** The parts of a multipart upload already stored, in order; CompleteMultipartUpload lists them. */
export const tusS3UploadParts = pgTable(
  "tus_s3_upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => tusS3Uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.partNumber] })],
);
