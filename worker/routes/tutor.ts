import { z } from "zod";
import { tutorListQuery, tutorProfileBody, tutorProfileQuery, type TutorInfo, type TutorStats } from "../../schema/api/tutor";
import { Role, isAdmin } from "../../schema/enums";
import { findTutorInfo, findTutorStats, flushTutorListCache, listOnboardedTutors, tutorsChanged } from "../domain/tutor-list";
import { updateTutorProfile } from "../domain/tutors";
import type { UserRow } from "../domain/users";
import { fail } from "../http/failure";
import { route } from "../http/route";

// Numeric ids only, so /user/tutor/stats/personalized and friends stay free for their own routes.
const tutorIdParam = z.object({ id: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request") });

/** An unlisted tutor's profile is seen only by the tutor and by staff who vet tutors. */
function maySeeUnlisted(caller: UserRow | null, tutorId: number): boolean {
  if (!caller) return false;
  return caller.id === tutorId || isAdmin(caller.role as Role) || caller.role === Role.TutorManager;
}

// Registered before the user routes (worker/routes/index.ts): Hono matches in registration order.
export const tutorRoutes = [
  route({
    method: "put",
    path: "/user/tutor/profile",
    access: [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary: "Change the tutor's Arabic name, bio, about and notice (admins: ?tutorId=).",
    query: tutorProfileQuery,
    body: tutorProfileBody,
    async handle({ c, query, body, user }) {
      const tutorId = query.tutorId ?? user.id;
      if (tutorId !== user.id && !isAdmin(user.role as Role)) fail("forbidden");
      const profile = await updateTutorProfile(c.get("db"), tutorId, body);
      tutorsChanged();
      return profile;
    },
  }),
  route({
    method: "get",
    path: "/user/tutor/list/onboarded",
    access: "public",
    summary: "Listed tutors, paged: soonest free time, then rating, then lessons taught; filters topic, name, gender, free day.",
    query: tutorListQuery,
    handle: ({ c, query }) => listOnboardedTutors(c.get("db"), query),
  }),
  route({
    method: "get",
    path: "/user/tutor/info/:id{[0-9]+}",
    access: "public",
    summary: "A tutor's public profile: name, photo, bio, about, video, topics, rating, lessons taught.",
    params: tutorIdParam,
    async handle({ c, params, user }): Promise<TutorInfo> {
      const found = await findTutorInfo(c.get("db"), params.id);
      if (!found || (!found.onboarded && !maySeeUnlisted(user, params.id))) fail("tutor-not-found");
      return found.info;
    },
  }),
  route({
    method: "get",
    path: "/user/tutor/stats/:id{[0-9]+}",
    access: "public",
    summary: "A tutor's teaching numbers: lessons and minutes taught, students, upcoming lessons, rating.",
    params: tutorIdParam,
    async handle({ c, params, user }): Promise<TutorStats> {
      const found = await findTutorStats(c.get("db"), params.id);
      if (!found || (!found.onboarded && !maySeeUnlisted(user, params.id))) fail("tutor-not-found");
      return found.stats;
    },
  }),
  route({
    method: "delete",
    path: "/cache/flush",
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary: "Empty the tutor list cache.",
    status: 204,
    handle() {
      flushTutorListCache();
    },
  }),
];
