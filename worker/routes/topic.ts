import { topicContracts } from "../../schema/api/topic";
import { Role } from "../../schema/enums";
import {
  addUserTopics,
  createTopic,
  deleteTopic,
  listTopics,
  removeUserTopics,
  replaceUserTopics,
  topicsOfUser,
  updateTopic,
} from "../domain/tutors/topics";
import { tutorChanged } from "../realtime/tutor-events";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const topicRoutes = [
  route(topicContracts.create, {
    access: admins,
    summary: "Create a topic (Arabic and English names, both unique).",
    handle: ({ c, body, user }) => createTopic(c.get("db"), body, new Date(), auditActorOf(c, user.id)),
  }),
  route(topicContracts.list, {
    access: "public",
    summary: "Every topic, paged, optionally searched by either name.",
    handle: ({ c, query }) => listTopics(c.get("db"), query),
  }),
  route(topicContracts.update, {
    access: admins,
    summary: "Rename a topic.",
    async handle({ c, params, body, user }) {
      const topic = await updateTopic(c.get("db"), params.id, body, new Date(), auditActorOf(c, user.id));
      tutorChanged(scopeOf(c));
      return topic;
    },
  }),
  route(topicContracts.remove, {
    access: admins,
    summary: "Delete a topic and every user's link to it (one batch).",
    async handle({ c, params, user }) {
      await deleteTopic(c.get("db"), params.id, new Date(), auditActorOf(c, user.id));
      tutorChanged(scopeOf(c));
    },
  }),
  route(topicContracts.ofUser, {
    access: "signed-in",
    summary: "The caller's topics (or another user's with ?userId=).",
    handle: ({ c, query, user }) => topicsOfUser(c.get("db"), query.userId ?? user.id),
  }),
  route(topicContracts.addToUser, {
    access: "signed-in",
    summary: "Add topics to the caller's set (at most 30 in all).",
    async handle({ c, body, user }) {
      const topics = await addUserTopics(c.get("db"), user.id, body.topicIds);
      tutorChanged(scopeOf(c), user.id);
      return topics;
    },
  }),
  route(topicContracts.removeFromUser, {
    access: "signed-in",
    summary: "Remove topics from the caller's set.",
    async handle({ c, body, user }) {
      const topics = await removeUserTopics(c.get("db"), user.id, body.topicIds);
      tutorChanged(scopeOf(c), user.id);
      return topics;
    },
  }),
  route(topicContracts.setOfUser, {
    access: "signed-in",
    summary: "Replace the caller's whole set of topics (at most 30), in one batch.",
    async handle({ c, body, user }) {
      const topics = await replaceUserTopics(c.get("db"), user.id, body.topicIds);
      tutorChanged(scopeOf(c), user.id);
      return topics;
    },
  }),
];
