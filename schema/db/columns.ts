// Shared column builders. Every timestamp is ISO-8601 UTC text as produced by
// `new Date().toISOString()` (e.g. 2026-11-21T22:43:47.000Z), so text comparison is time order.
// No SQL defaults: CURRENT_TIMESTAMP has a different format. The app always sets these.
import { text } from "drizzle-orm/sqlite-core";

export const createdAt = () => text("created_at").notNull();
export const updatedAt = () => text("updated_at").notNull();
export const deletedAt = () => text("deleted_at");
