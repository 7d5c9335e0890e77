import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

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

export const uploadStatusEnum = pgEnum("upload_status", ["uploading", "complete", "rejected"]);

/** A file a seller sends with the tus protocol; its bytes live in the storage adapter. */
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
    /** The MIME type detected from the file's bytes once complete. */
    detectedMime: text("detected_mime"),
    rejectionReason: text("rejection_reason"),
    sha256: text("sha256"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("uploads_owner_status_idx").on(table.ownerId, table.status)],
);
