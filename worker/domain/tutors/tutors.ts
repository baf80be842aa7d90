import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TutorProfile, TutorProfileBody } from "../../../schema/api/tutor";
import { auditStatement, type AuditActor } from "../staff/audit";
import { tutors, users } from "../../../schema/db";
import { Role } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";

/**
 * Changes the tutor's name (users) and profile fields (tutors) together in one batch.
 * Only tutor-side users have a profile (`tutor-not-found` otherwise).
 */
export async function updateTutorProfile(
  db: Db,
  tutorId: number,
  body: TutorProfileBody,
  now = new Date(),
  auditBy?: AuditActor,
): Promise<TutorProfile> {
  const { name, ...profile } = body;
  if (name === undefined && Object.keys(profile).length === 0) fail("empty-request");
  const at = now.toISOString();
  const isTutor = and(
    eq(users.id, tutorId),
    isNull(users.deletedAt),
    inArray(users.role, [Role.Tutor, Role.TutorManager]),
  );
  const [user, tutor] = await db.batch([
    db
      .update(users)
      .set({ ...(name !== undefined ? { name } : {}), updatedAt: at })
      .where(isTutor)
      .returning({ id: users.id, name: users.name }),
    db
      .update(tutors)
      .set({ ...profile, updatedAt: at })
      .where(and(eq(tutors.id, tutorId), sql`EXISTS (SELECT 1 FROM ${users} WHERE ${isTutor})`))
      .returning({ bio: tutors.bio, about: tutors.about, notice: tutors.notice }),
    // An admin editing a tutor's profile: recorded after the tutor row's change.
    ...(auditBy
      ? [
          auditStatement(
            db,
            auditBy,
            { action: "tutor.update", targetType: "tutor", targetId: tutorId, after: body },
            now,
          ),
        ]
      : []),
  ]);
  const [u] = user;
  const [t] = tutor;
  if (!u || !t) return fail("tutor-not-found");
  return { id: u.id, name: u.name, bio: t.bio, about: t.about, notice: t.notice };
}
