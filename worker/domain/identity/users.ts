import { sharedVersionsSql } from "../../core/shared-versions";
import { and, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { UserView } from "../../../schema/api/user";
import { students, tutors, users } from "../../../schema/db";
import { Role, isTutorSide, type Gender, type MessagingApp } from "../../../schema/enums";
import { effectiveTimeZone } from "../../../schema/time-zones";
import { prebuilt } from "../../core/db";
import type { Db, StoredUser, UserRow } from "../../core/context";
import { fail } from "../../core/failure";
import { settings } from "../../core/settings";
import { auditStatement, insertedRowId, type AuditActor } from "../staff/audit";

export type { StoredUser, UserRow };

const { passwordHash, ...columnsButHash } = getTableColumns(users);

/**
 * The columns a UserRow is read with: every one but the password hash, and whether one is set.
 * The hash is read only where a password is checked (findStoredUserByEmail, passwordHashOf).
 */
export const accountColumns = {
  ...columnsButHash,
  hasPassword: sql<boolean>`(${passwordHash} IS NOT NULL)`.mapWith(Boolean),
};

/** A new tutor's default notice before a booking, in minutes (they change it in their profile). */
const DEFAULT_NOTICE_MINUTES = 60;

/** The user as the API shows it: never the password hash, the Google subject or chat ids. */
export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    image: user.image,
    birthYear: user.birthYear,
    gender: (user.gender as Gender | null) ?? null,
    phone: user.phone,
    city: user.city,
    notificationMethod: (user.notificationMethod as MessagingApp | null) ?? null,
    timeZone: effectiveTimeZone(user.timeZone),
    verifiedEmail: user.verifiedEmail,
    verifiedPhone: user.verifiedPhone,
    hasPassword: user.hasPassword,
    creditScore: user.creditScore,
    suspendedAt: user.suspendedAt,
    suspensionReason: user.suspensionReason,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** The user with this id unless deleted (a statement, so a route can batch it: worker/http/route.ts). */
const userById = prebuilt((db: Db) =>
  db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder("id")), isNull(users.deletedAt)))
    .limit(1),
);

/** The signed-in user's read, on every authenticated request (so its SQL is prebuilt). */
export const userByIdQuery = (db: Db, id: number) => userById(db, { id });

/**
 * The token's user with its session's last-seen time in the same statement: `sessionSeenAt` is
 * null when the token's session is unknown, someone else's or ended (the token is then refused).
 * Suspended users are read too, so the route can answer account-suspended.
 */
const signedInUser = prebuilt((db: Db) =>
  db
    .select({
      ...accountColumns,
      sessionSeenAt: sql<
        string | null
      >`(SELECT s.last_seen_at FROM auth_sessions s WHERE s.id = ${sql.placeholder("sid")} AND s.user_id = "users"."id" AND s.ended_at IS NULL)`.as(
        "session_seen_at",
      ),
      // The caches' versions ride on this read (worker/core/shared-versions.ts): no extra round trip.
      sharedVersions: sql<string | null>`${sharedVersionsSql}`.as("shared_versions"),
      // An open deletion request's due time (worker/domain/privacy/deletion.ts), on the same read.
      deletionDueAt: sql<
        string | null
      >`(SELECT d.due_at FROM account_deletions d WHERE d.user_id = "users"."id" AND d.state IN ('pending', 'erasing'))`.as(
        "deletion_due_at",
      ),
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder("id")), isNull(users.deletedAt)))
    .limit(1),
);

export type SignedInRow = UserRow & {
  sessionSeenAt: string | null;
  sharedVersions: string | null;
  /** Set while the account waits for its deletion (the grace period). */
  deletionDueAt: string | null;
};

/** The signed-in user's read on every authenticated request (worker/http/route.ts), batchable. */
export const signedInUserQuery = (db: Db, id: number, sessionId: string) =>
  signedInUser(db, { id, sid: sessionId });

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await userByIdQuery(db, id);
  return user ?? null;
}

/** The account that holds an address: a deleted one holds none. */
const holdsEmail = (email: string) => and(eq(users.email, email), isNull(users.deletedAt));

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select(accountColumns).from(users).where(holdsEmail(email)).limit(1);
  return user ?? null;
}

/** The same, its password hash included: for sign-in, which checks it. */
export async function findStoredUserByEmail(db: Db, email: string): Promise<StoredUser | null> {
  const [user] = await db.select().from(users).where(holdsEmail(email)).limit(1);
  return user ?? null;
}

/** A user's password hash (null without a password, or for no such user), where a password is checked. */
export async function passwordHashOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.passwordHash ?? null;
}

/** A stored row as a UserRow: the hash left behind, whether there is one kept. */
export function toUserRow({ passwordHash: hash, ...row }: StoredUser): UserRow {
  return { ...row, hasPassword: hash !== null };
}

export type NewUser = {
  email: string;
  role: Role;
  name?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  image?: string | null;
  verifiedEmail?: boolean;
};

/**
 * Creates the user and its role profile row (tutors or students) in one batch (one implicit
 * transaction: D1 has no interactive ones). A taken email answers `user-exists`; the unique
 * index decides, so two racing registrations cannot both win.
 */
export async function createUser(
  db: Db,
  input: NewUser,
  now = new Date(),
  auditBy?: AuditActor,
): Promise<UserRow> {
  const at = now.toISOString();
  const insertUser = db
    .insert(users)
    .values({
      email: input.email,
      role: input.role,
      name: input.name ?? null,
      passwordHash: input.passwordHash ?? null,
      googleSub: input.googleSub ?? null,
      image: input.image ?? null,
      verifiedEmail: input.verifiedEmail ?? false,
      // Nothing counts against a new account yet (worker/domain/lessons/credit-score.ts).
      creditScore: settings.creditScore.start,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning(accountColumns);
  // A staff member's account creation is recorded right after the insert (written only if it
  // inserted: a taken email leaves no trail).
  const audit = auditBy
    ? [
        auditStatement(
          db,
          auditBy,
          {
            action: "user.create",
            targetType: "user",
            targetId: insertedRowId,
            after: { email: input.email, role: input.role, name: input.name ?? null },
          },
          now,
        ),
      ]
    : [];
  const [inserted] = await db.batch([
    insertUser,
    ...audit,
    // Only the row this batch created matches (same email and creation time, right role).
    db
      .insert(tutors)
      .select(
        db
          // drizzle's INSERT ... SELECT needs every column, in table order.
          .select({
            id: users.id,
            bio: sql<null>`NULL`.as("bio"),
            about: sql<null>`NULL`.as("about"),
            video: sql<null>`NULL`.as("video"),
            thumbnail: sql<null>`NULL`.as("thumbnail"),
            notice: sql<number>`${DEFAULT_NOTICE_MINUTES}`.as("notice"),
            activated: sql<boolean>`0`.as("activated"),
            bypassOnboarding: sql<boolean>`0`.as("bypass_onboarding"),
            supportGroupJoined: sql<boolean>`0`.as("support_group_joined"),
            // Not listed yet; the list computes its order columns (worker/domain/tutors/tutor-list.ts).
            listFreeAt: sql<null>`NULL`.as("list_free_at"),
            listRating: sql<null>`NULL`.as("list_rating"),
            listLessons: sql<null>`NULL`.as("list_lessons"),
            listStaleAt: sql<string>`''`.as("list_stale_at"),
            responseSeconds: sql<null>`NULL`.as("response_seconds"),
            createdAt: sql<string>`${at}`.as("created_at"),
            updatedAt: sql<string>`${at}`.as("updated_at"),
          })
          .from(users)
          .where(
            and(
              eq(users.email, input.email),
              eq(users.createdAt, at),
              inArray(users.role, [Role.Tutor, Role.TutorManager]),
            ),
          ),
      )
      .onConflictDoNothing(),
    db
      .insert(students)
      .select(
        db
          .select({
            id: users.id,
            createdAt: sql<string>`${at}`.as("created_at"),
            updatedAt: sql<string>`${at}`.as("updated_at"),
          })
          .from(users)
          .where(and(eq(users.email, input.email), eq(users.createdAt, at), eq(users.role, Role.Student))),
      )
      .onConflictDoNothing(),
  ]);
  const user = inserted[0];
  if (!user) return fail("user-exists");
  return user;
}

export type ProfileChanges = Partial<{
  name: string;
  birthYear: number;
  gender: Gender;
  city: number;
  notificationMethod: MessagingApp;
  timeZone: string;
  passwordHash: string;
  image: string;
  googleSub: string;
  verifiedEmail: boolean;
}>;

/**
 * Changes a user's fields. A staff member changing someone else's account passes `audit`: the
 * change and its record go in one batch (the summaries never hold a password hash).
 */
export async function updateUser(
  db: Db,
  id: number,
  changes: ProfileChanges,
  now = new Date(),
  audit?: { actor: AuditActor; before: Partial<UserRow> },
): Promise<UserRow> {
  const update = db
    .update(users)
    .set({ ...changes, updatedAt: now.toISOString() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning(accountColumns);
  let user: UserRow | undefined;
  if (audit) {
    const fields = Object.keys(changes).filter(
      (key) => key !== "passwordHash" && key !== "googleSub",
    ) as (keyof ProfileChanges)[];
    const before = Object.fromEntries(fields.map((key) => [key, audit.before[key as keyof UserRow] ?? null]));
    const after = Object.fromEntries(fields.map((key) => [key, changes[key] ?? null]));
    const action = fields.length === 1 && fields[0] === "image" ? "media.upload" : "user.update";
    const [rows] = await db.batch([
      update,
      auditStatement(db, audit.actor, { action, targetType: "user", targetId: id, before, after }, now),
    ]);
    user = rows[0];
  } else [user] = await update;
  if (!user) return fail("user-not-found");
  return user;
}

export type TutorRow = typeof tutors.$inferSelect;

export async function findTutorMeta(db: Db, user: UserRow): Promise<TutorRow> {
  if (!isTutorSide(user.role as Role)) return fail("tutor-not-found");
  const [tutor] = await db.select().from(tutors).where(eq(tutors.id, user.id)).limit(1);
  if (!tutor) return fail("tutor-not-found");
  return tutor;
}
