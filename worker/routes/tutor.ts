import {
  type TutorActivity,
  type TutorInfo,
  type TutorStats,
  type TutoringMinutes,
  tutorContracts,
} from "../../schema/api/tutor";
import { Role, isAdmin } from "../../schema/enums";
import {
  listFullTutors,
  listInterviewers,
  tutorActivity,
  tutoringMinutes,
} from "../domain/tutors/tutor-info";
import {
  findTutorInfo,
  findTutorStats,
  flushTutorListCache,
  listOnboardedTutors,
  listUncontactedTutors,
} from "../domain/tutors/tutor-list";
import { updateTutorProfile } from "../domain/tutors/tutors";
import type { UserRow } from "../domain/identity/users";
import { fail } from "../core/failure";
import { auditActorOf, auditStatement } from "../domain/staff/audit";
import { route } from "../http/route";
import { tutorChanged, tutorsCacheUpdated } from "../realtime/tutor-events";
import { scopeOf } from "../http/scope";

/** An unlisted tutor's profile is seen only by the tutor and by staff who vet tutors. */
function maySeeUnlisted(caller: UserRow | null, tutorId: number): boolean {
  if (!caller) return false;
  return caller.id === tutorId || isAdmin(caller.role as Role) || caller.role === Role.TutorManager;
}

// Registered before the user routes (worker/routes/index.ts): Hono matches in registration order.
export const tutorRoutes = [
  route(tutorContracts.updateProfile, {
    access: [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary: "Change the tutor's Arabic name, bio, about and notice (admins: ?tutorId=).",
    async handle({ c, query, body, user }) {
      const tutorId = query.tutorId ?? user.id;
      if (tutorId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      const profile = await updateTutorProfile(
        c.get("db"),
        tutorId,
        body,
        new Date(),
        tutorId === user.id ? undefined : auditActorOf(c, user.id),
      );
      tutorChanged(scopeOf(c), tutorId);
      return profile;
    },
  }),
  route(tutorContracts.list, {
    access: "public",
    summary:
      "Listed tutors, paged: soonest free time, then rating, then lessons taught; filters topic, name, gender, free day.",
    handle: ({ c, query }) => listOnboardedTutors(c.get("db"), query, c.get("now"), c.get("sharedVersions")),
  }),
  route(tutorContracts.info, {
    access: "public",
    summary: "A tutor's public profile: name, photo, bio, about, video, topics, rating, lessons taught.",
    async handle({ c, params, user }): Promise<TutorInfo> {
      const found = await findTutorInfo(c.get("db"), params.id);
      if (!found || (!found.onboarded && !maySeeUnlisted(user, params.id))) fail("tutor-not-found");
      return found.info;
    },
  }),
  route(tutorContracts.stats, {
    access: "public",
    summary: "A tutor's teaching numbers: lessons and minutes taught, students, upcoming lessons, rating.",
    async handle({ c, params, user }): Promise<TutorStats> {
      const found = await findTutorStats(c.get("db"), params.id);
      if (!found || (!found.onboarded && !maySeeUnlisted(user, params.id))) fail("tutor-not-found");
      return found.stats;
    },
  }),
  route(tutorContracts.activity, {
    access: [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary:
      "A tutor's lessons taught per Cairo day over the last ?days= (1..90, default 30), with totals (the tutor, managers, admins).",
    handle({ c, params, query, user }): Promise<TutorActivity> {
      if (!maySeeUnlisted(user, params.id)) fail("forbidden");
      return tutorActivity(c.get("db"), params.id, query.days);
    },
  }),
  route(tutorContracts.interviewers, {
    access: [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary: "The activated tutor managers to choose an interviewer from, by name, paged.",
    handle: ({ c, query }) => listInterviewers(c.get("db"), query),
  }),
  route(tutorContracts.fullTutors, {
    access: [Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary:
      'Every tutor in any state with every field (staff), newest first unless sorted (name, email, created; "-" for descending); filters name, activated, onboarded.',
    handle: ({ c, query }) => listFullTutors(c.get("db"), query),
  }),
  route(tutorContracts.uncontacted, {
    access: [Role.Student],
    summary:
      "Listed tutors the student has not contacted yet (no chat, so no lesson), in the list's order, paged.",
    handle: ({ c, query, user }) => listUncontactedTutors(c.get("db"), user.id, query),
  }),
  route(tutorContracts.tutoringMinutes, {
    access: [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary: "The tutor's minutes taught (all time, this Cairo month) and booked ahead (admins: ?tutorId=).",
    handle({ c, query, user }): Promise<TutoringMinutes> {
      const tutorId = query.tutorId ?? user.id;
      if (tutorId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      return tutoringMinutes(c.get("db"), tutorId);
    },
  }),
  route(tutorContracts.flushCache, {
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary: "Empty the tutor list cache.",
    async handle({ c, user }) {
      const db = c.get("db");
      // Every isolate's answers go at its next request: the shared version moves with the audit row.
      await db.batch([
        flushTutorListCache(db),
        auditStatement(
          db,
          auditActorOf(c, user.id),
          { action: "cache.delete", targetType: "cache", targetId: "tutor-list" },
          c.get("now"),
          false,
        ),
      ]);
      tutorsCacheUpdated(scopeOf(c));
    },
  }),
];
