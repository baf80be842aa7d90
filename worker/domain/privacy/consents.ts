// Consent records (docs/rules.md, "Your data: export, consents, retention"): every choice is a new
// row (the person or the visitor's device, the kind, yes or no, the version of the text seen, the
// time); the latest row per subject and kind is the choice in force, the older ones are the history
// kept for three years (./retention.ts). Giving and withdrawing are the same call.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { consents } from "../../../schema/db";
import {
  consentTextVersions,
  type ConsentKind,
  type ConsentRecordView,
  type ConsentsView,
} from "../../../schema/api/privacy";
import type { Db } from "../../core/context";

type ConsentRow = typeof consents.$inferSelect;

/** Whose choices: a signed-in person, or a visitor's device. */
export type ConsentSubject = { userId: number } | { deviceId: string };

const HISTORY = 50;

const whose = (subject: ConsentSubject) =>
  "userId" in subject
    ? eq(consents.userId, subject.userId)
    : and(eq(consents.deviceId, subject.deviceId), isNull(consents.userId));

const recordView = (row: ConsentRow): ConsentRecordView => ({
  kind: row.kind as ConsentKind,
  granted: row.granted,
  textVersion: row.textVersion,
  at: row.createdAt,
});

const newestFirst = (db: Db, subject: ConsentSubject) =>
  db
    .select()
    .from(consents)
    .where(whose(subject))
    .orderBy(desc(consents.createdAt), desc(consents.id))
    .limit(HISTORY);

const latestOf = (db: Db, subject: ConsentSubject, kind: ConsentKind) =>
  db
    .select()
    .from(consents)
    .where(and(whose(subject), eq(consents.kind, kind)))
    .orderBy(desc(consents.createdAt), desc(consents.id))
    .limit(1);

/** The latest record of each kind and the history, read together (the history alone is capped). */
const readStatements = (db: Db, subject: ConsentSubject) =>
  [latestOf(db, subject, "analytics"), latestOf(db, subject, "marketing"), newestFirst(db, subject)] as const;

function consentsOf([analytics, marketing, history]: readonly [
  readonly ConsentRow[],
  readonly ConsentRow[],
  readonly ConsentRow[],
]): ConsentsView {
  return {
    analytics: analytics[0] ? recordView(analytics[0]) : null,
    marketing: marketing[0] ? recordView(marketing[0]) : null,
    history: history.map(recordView),
  };
}

/** GET …/consents: the choices in force and the latest records (one batch). */
export async function readConsents(db: Db, subject: ConsentSubject): Promise<ConsentsView> {
  return consentsOf(await db.batch(readStatements(db, subject)));
}

/** PUT …/consents: records one choice with the text version in force; answers the new state (one batch). */
export async function recordConsent(
  db: Db,
  subject: ConsentSubject,
  choice: { kind: ConsentKind; granted: boolean },
  now: Date,
): Promise<ConsentsView> {
  const [, ...read] = await db.batch([
    db.insert(consents).values({
      userId: "userId" in subject ? subject.userId : null,
      deviceId: "deviceId" in subject ? subject.deviceId : null,
      kind: choice.kind,
      granted: choice.granted,
      textVersion: consentTextVersions[choice.kind],
      createdAt: now.toISOString(),
    }),
    ...readStatements(db, subject),
  ]);
  return consentsOf(read);
}

/**
 * Whether the person's latest marketing record says yes (no record: no). Every marketing message
 * must ask this first; the product sends none today (docs/rules.md, "Your data"), so this is the
 * gate for the first one.
 */
export async function hasMarketingConsent(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ granted: consents.granted })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, "marketing")))
    .orderBy(desc(consents.createdAt), desc(consents.id))
    .limit(1);
  return row?.granted === true;
}

/** The SQL condition "this user's latest marketing record says yes", for a sender picking recipients in bulk. */
export const marketingConsentGiven = (userIdColumn: unknown) =>
  sql`(SELECT c.granted FROM consents c WHERE c.user_id = ${userIdColumn} AND c.kind = 'marketing'
    ORDER BY c.created_at DESC, c.id DESC LIMIT 1) = 1`;
