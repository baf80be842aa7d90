// Topics (Arabic + English name) and the topics a user teaches / wants (at most 30 per user).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const topics = sqliteTable(
  "topics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Arabic name, 3..50 Arabic letters. */
    nameAr: text("name_ar").notNull(),
    /** English name, 3..50 Latin letters; unique case-insensitively. */
    nameEn: text("name_en").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("topics_name_ar_uq").on(t.nameAr),
    uniqueIndex("topics_name_en_uq").on(sql`lower(${t.nameEn})`),
  ],
);

/** Deleting a topic deletes its user_topics rows first in the same batch (no cascade). */
export const userTopics = sqliteTable(
  "user_topics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_topics_user_topic_uq").on(t.userId, t.topicId),
    index("user_topics_topic_idx").on(t.topicId),
  ],
);
