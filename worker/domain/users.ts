import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { UserView } from "../../schema/api/user";
import { students, tutors, users } from "../../schema/db";
import { Role, isTutorSide, type Gender, type MessagingApp } from "../../schema/enums";
import { effectiveTimeZone } from "../../schema/time-zones";
import { prebuilt } from "../db";
import type { Db } from "../http/context";
import { fail } from "../http/failure";

export type UserRow = typeof users.$inferSelect;

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
    hasPassword: user.passwordHash !== null,
    creditScore: user.creditScore,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** The user with this id unless deleted (a statement, so a route can batch it: worker/http/route.ts). */
const userById = prebuilt((db: Db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder("id")), isNull(users.deletedAt)))
    .limit(1),
);

/** The signed-in user's read, on every authenticated request (so its SQL is prebuilt). */
export const userByIdQuery = (db: Db, id: number) => userById(db, { id });

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await userByIdQuery(db, id);
  return user ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(and(eq(users.email, email), isNull(users.deletedAt))).limit(1);
  return user ?? null;
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
export async function createUser(db: Db, input: NewUser, now = new Date()): Promise<UserRow> {
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({
        email: input.email,
        role: input.role,
        name: input.name ?? null,
        passwordHash: input.passwordHash ?? null,
        googleSub: input.googleSub ?? null,
        image: input.image ?? null,
        verifiedEmail: input.verifiedEmail ?? false,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning(),
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
            createdAt: sql<string>`${at}`.as("created_at"),
            updatedAt: sql<string>`${at}`.as("updated_at"),
          })
          .from(users)
          .where(and(eq(users.email, input.email), eq(users.createdAt, at), inArray(users.role, [Role.Tutor, Role.TutorManager]))),
      )
      .onConflictDoNothing(),
    db
      .insert(students)
      .select(
        db
          .select({ id: users.id, createdAt: sql<string>`${at}`.as("created_at"), updatedAt: sql<string>`${at}`.as("updated_at") })
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

export async function updateUser(db: Db, id: number, changes: ProfileChanges, now = new Date()): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: now.toISOString() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
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
