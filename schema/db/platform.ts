// Platform: short URLs, operator settings, and the uploaded-asset registry (admin media page).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, deletedAt, updatedAt } from "./columns";
import { users } from "./identity";

/** /url/{name} redirects to url. */
export const shortUrls = sqliteTable(
  "short_urls",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    /** LinkSource code (wa, sfb, syt, sig, stt, sx, mpv, mtd) for analytics. */
    source: text("source"),
    clicks: integer("clicks").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("short_urls_name_uq").on(t.name)],
);

/** Operator-changeable constants (rates, windows, limits); value is JSON. Missing key = default in code. */
export const platformSettings = sqliteTable("platform_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: integer("updated_by").references(() => users.id),
  updatedAt: updatedAt(),
});

/**
 * Versions of the caches every isolate keeps (the tutor list, the business numbers): a change that
 * must reach every isolate at once bumps its row, and an isolate compares the version it cached
 * with the one read in the same D1 batch as the request's own reads (worker/core/shared-versions.ts).
 */
export const cacheVersions = sqliteTable("cache_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull(),
});

/** Every object written to R2, so staff can list and clean media. */
export const assets = sqliteTable(
  "assets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** R2 key, e.g. "uploads/…" or "receipts/…". */
    key: text("key").notNull(),
    /** AssetKind enum ("image" | "video" | "thumbnail") or "receipt" | "screenshot" | "log". */
    kind: text("kind").notNull(),
    /** The user the asset belongs to. */
    userId: integer("user_id").references(() => users.id),
    uploadedBy: integer("uploaded_by").references(() => users.id),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex("assets_key_uq").on(t.key), index("assets_user_kind_idx").on(t.userId, t.kind)],
);
