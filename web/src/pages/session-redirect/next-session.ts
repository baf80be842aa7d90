import type { Paged } from "@schema/api/common";
import { InterviewStatus, ReviewStatus, Role, isAdmin, isTutorSide } from "@schema/enums";
import { homePathFor } from "../../features/session/home-path";

/** Where /session goes when there is no session to join: the lessons list, or the role's own place. */
export function noSessionPathFor(role: Role): string {
  if (role === Role.Student || isTutorSide(role)) return "/upcoming-lessons";
  if (isAdmin(role)) return "/admin/lessons";
  return homePathFor(role);
}

type Timed = { id: number; start: string; end: string };

/** The lists /session reads, each one call the SPA already makes (GET /lesson/list/, /interview/list/, /demo-session/list). */
export type SessionSources = {
  /** Lessons of the caller, not cancelled: `now` (happening) or `future` (not started), soonest first. */
  lessons: (when: "now" | "future") => Promise<Paged<Timed>>;
  /** The caller's pending interviews (as interviewee or interviewer), newest first. */
  interviews: () => Promise<Paged<Timed>>;
  /** The caller's pending demo sessions (as tutor or tutor manager), newest first. */
  demos: () => Promise<Paged<Timed>>;
};

/** The pending statuses the appointment lists are asked for. */
export const pendingInterview = InterviewStatus.Pending;
export const pendingDemo = ReviewStatus.Pending;

/**
 * The page of the caller's soonest live session not yet ended (a lesson, an interview or a demo
 * session), or null when there is none. Students have lessons only; tutors and tutor managers also
 * have interviews and demo sessions; other roles take part in none.
 */
export async function nextSessionPath(
  role: Role,
  sources: SessionSources,
  now: number,
): Promise<string | null> {
  const asks: Array<Promise<Array<Timed & { path: string }>>> = [];
  const tagged = (path: (id: number) => string) => (page: Paged<Timed>) =>
    page.list.map((item) => ({ ...item, path: path(item.id) }));
  if (role === Role.Student || isTutorSide(role)) {
    asks.push(sources.lessons("now").then(tagged((id) => `/lesson/${id}`)));
    asks.push(sources.lessons("future").then(tagged((id) => `/lesson/${id}`)));
  }
  if (isTutorSide(role)) {
    asks.push(sources.interviews().then(tagged((id) => `/interview/${id}`)));
    asks.push(sources.demos().then(tagged((id) => `/demo-session/${id}`)));
  }
  const candidates = (await Promise.all(asks))
    .flat()
    .filter((item) => Date.parse(item.end) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return candidates[0]?.path ?? null;
}
