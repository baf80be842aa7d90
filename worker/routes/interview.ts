import { interviewBookBody, interviewListQuery, interviewPatchBody, type InterviewView, type ManagerProposal } from "../../schema/api/interview";
import { Role } from "../../schema/enums";
import { bookWithManager, changeInterview, findInterview, listInterviews, proposeManager } from "../domain/interviews";
import { tutorsChanged } from "../domain/tutor-list";
import { route } from "../http/route";

const staff = [Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin] as const;

export const interviewRoutes = [
  route({
    method: "get",
    path: "/interview/select",
    access: [Role.Tutor, ...staff],
    summary: "The activated tutor manager with the soonest free interview time, and their free 30-minute starts (14 days).",
    handle: ({ c }): Promise<ManagerProposal> => proposeManager(c.get("db"), "interview"),
  }),
  route({
    method: "post",
    path: "/interview",
    access: [Role.Tutor],
    summary: "Book a 30-minute interview in a tutor manager's free Interview/General slot (3- and 6-month rules).",
    body: interviewBookBody,
    status: 201,
    async handle({ c, body, user }): Promise<InterviewView> {
      const db = c.get("db");
      const id = await bookWithManager(db, "interview", user.id, body.interviewerId, body.start);
      tutorsChanged();
      const interview = (await findInterview(db, id))!;
      return { ...interview, note: null };
    },
  }),
  route({
    method: "patch",
    path: "/interview",
    access: [Role.Tutor, ...staff],
    summary: "The interviewer passes or rejects (feedback, note, level 1..5) or cancels; the tutor cancels before the start.",
    body: interviewPatchBody,
    async handle({ c, body, user }): Promise<InterviewView> {
      const { interview } = await changeInterview(c.get("db"), user, body);
      tutorsChanged();
      return interview;
    },
  }),
  route({
    method: "get",
    path: "/interview/list/",
    access: [Role.Tutor, ...staff],
    summary: "My interviews as interviewee or interviewer (admins: all), newest first, paged.",
    query: interviewListQuery,
    handle: ({ c, query, user }) => listInterviews(c.get("db"), user, query),
  }),
];
