import { type DemoSessionView, demoSessionContracts } from "../../schema/api/demo-session";
import type { ManagerProposal } from "../../schema/api/interview";
import { ReviewStatus, Role } from "../../schema/enums";
import { changeDemoSession, findDemoFor, listDemoSessions } from "../domain/onboarding/demo-sessions";
import { bookWithManager, proposeManager } from "../domain/onboarding/appointments";
import { tutorMessages } from "../notifications/tutor-messages";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { notifyUser } from "../notifications/notify";
import { tutorChanged } from "../realtime/tutor-events";

const staff = [Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin] as const;

export const demoSessionRoutes = [
  route(demoSessionContracts.proposeManager, {
    access: [Role.Tutor, ...staff],
    summary:
      "The activated tutor manager with the soonest free demo-session time, and their free 30-minute starts.",
    handle: ({ c }): Promise<ManagerProposal> => proposeManager(c.get("db"), "demo"),
  }),
  route(demoSessionContracts.book, {
    access: [Role.Tutor],
    summary:
      "Book a 30-minute demo session with a tutor manager (needs an approved intro video; one pending or passed).",
    async handle({ c, body, user }): Promise<DemoSessionView> {
      const db = c.get("db");
      const id = await bookWithManager(scopeOf(c), {
        kind: "demo",
        tutorId: user.id,
        managerId: body.tutorManagerId,
        start: body.start,
      });
      tutorChanged(scopeOf(c), user.id);
      const demo = await findDemoFor(db, user, id);
      await notifyUser(scopeOf(c), demo.tutorManagerId, tutorMessages.demoBooked(demo.tutorName, demo.start));
      return demo;
    },
  }),
  route(demoSessionContracts.list, {
    access: [Role.Tutor, ...staff],
    summary: "My demo sessions as tutor or manager (admins: all), newest first, paged.",
    handle: ({ c, query, user }) => listDemoSessions(c.get("db"), user, query),
  }),
  route(demoSessionContracts.get, {
    access: [Role.Tutor, ...staff],
    summary: "A demo session (its tutor, its manager, admins).",
    handle: ({ c, params, user }) => findDemoFor(c.get("db"), user, params.id),
  }),
  route(demoSessionContracts.update, {
    access: [Role.Tutor, ...staff],
    summary:
      "The manager passes, rejects (with feedback) or cancels; the tutor cancels before the start; admins decide or cancel.",
    async handle({ c, params, body, user }): Promise<DemoSessionView> {
      const { demo, activated } = await changeDemoSession(scopeOf(c), {
        actor: user,
        id: params.id,
        body,
        auditBy: auditActorOf(c, user.id),
      });
      if (body.status === ReviewStatus.Passed)
        await notifyUser(scopeOf(c), demo.tutorId, tutorMessages.demoPassed());
      if (body.status === ReviewStatus.Rejected)
        await notifyUser(scopeOf(c), demo.tutorId, tutorMessages.demoRejected());
      if (activated) await notifyUser(scopeOf(c), demo.tutorId, tutorMessages.activated());
      if (body.status === ReviewStatus.CanceledByTutor)
        await notifyUser(scopeOf(c), demo.tutorManagerId, tutorMessages.demoCanceled(demo.start, true));
      if (body.status === ReviewStatus.CanceledByTutorManager || body.status === ReviewStatus.CanceledByAdmin)
        await notifyUser(scopeOf(c), demo.tutorId, tutorMessages.demoCanceled(demo.start, false));
      tutorChanged(scopeOf(c), demo.tutorId);
      return demo;
    },
  }),
];
