import { type InterviewView, type ManagerProposal, interviewContracts } from "../../schema/api/interview";
import { InterviewStatus, Role, isAdmin } from "../../schema/enums";
import { openRoom } from "../domain/chat/chat";
import { bookWithManager, proposeManager } from "../domain/onboarding/appointments";
import { changeInterview, findInterview, listInterviews } from "../domain/onboarding/interviews";
import { tutorMessages } from "../notifications/tutor-messages";
import { fail } from "../core/failure";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { notifyUser } from "../notifications/notify";
import { tutorChanged } from "../realtime/tutor-events";

const staff = [Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin] as const;

export const interviewRoutes = [
  route(interviewContracts.proposeManager, {
    access: [Role.Tutor, ...staff],
    summary:
      "The activated tutor manager with the soonest free interview time, and their free 30-minute starts (14 days).",
    handle: ({ c }): Promise<ManagerProposal> => proposeManager(c.get("db"), "interview"),
  }),
  route(interviewContracts.book, {
    access: [Role.Tutor],
    summary:
      "Book a 30-minute interview in a tutor manager's free Interview/General slot (3- and 6-month rules).",
    async handle({ c, body, user }): Promise<InterviewView> {
      const db = c.get("db");
      const id = await bookWithManager(scopeOf(c), {
        kind: "interview",
        tutorId: user.id,
        managerId: body.interviewerId,
        start: body.start,
      });
      tutorChanged(scopeOf(c), user.id);
      // docs/rules.md (Chat): a booked interview opens the pair's room; the manager is told.
      await openRoom(db, user.id, body.interviewerId);
      const interview = (await findInterview(db, id))!;
      await notifyUser(
        scopeOf(c),
        interview.interviewerId,
        tutorMessages.interviewBooked(interview.intervieweeName, interview.start),
      );
      return { ...interview, note: null };
    },
  }),
  route(interviewContracts.update, {
    access: [Role.Tutor, ...staff],
    summary:
      "The interviewer passes or rejects (feedback, note, level 1..5) or cancels; the tutor cancels before the start.",
    async handle({ c, body, user }): Promise<InterviewView> {
      const { interview, activated } = await changeInterview(scopeOf(c), {
        actor: user,
        body,
        auditBy: auditActorOf(c, user.id),
      });
      if (body.status === InterviewStatus.Passed)
        await notifyUser(scopeOf(c), interview.intervieweeId, tutorMessages.interviewPassed());
      if (body.status === InterviewStatus.Rejected)
        await notifyUser(scopeOf(c), interview.intervieweeId, tutorMessages.interviewRejected());
      if (activated) await notifyUser(scopeOf(c), interview.intervieweeId, tutorMessages.activated());
      if (body.status === InterviewStatus.CanceledByInterviewee)
        await notifyUser(
          scopeOf(c),
          interview.interviewerId,
          tutorMessages.interviewCanceled(interview.start, true),
        );
      if (body.status === InterviewStatus.CanceledByInterviewer)
        await notifyUser(
          scopeOf(c),
          interview.intervieweeId,
          tutorMessages.interviewCanceled(interview.start, false),
        );
      tutorChanged(scopeOf(c), interview.intervieweeId);
      return interview;
    },
  }),
  route(interviewContracts.get, {
    access: [Role.Tutor, ...staff],
    summary:
      "An interview (its tutor without the staff note, its interviewer, admins); interview-not-found to anyone else.",
    async handle({ c, params, user }): Promise<InterviewView> {
      const found = await findInterview(c.get("db"), params.id);
      if (
        !found ||
        (!isAdmin(user.role as Role) && user.id !== found.intervieweeId && user.id !== found.interviewerId)
      )
        return fail("interview-not-found");
      return user.id === found.intervieweeId && !isAdmin(user.role as Role)
        ? { ...found, note: null }
        : found;
    },
  }),
  route(interviewContracts.list, {
    access: [Role.Tutor, ...staff],
    summary: "My interviews as interviewee or interviewer (admins: all), newest first, paged.",
    handle: ({ c, query, user }) => listInterviews(c.get("db"), user, query),
  }),
];
