import { idParam } from "../../schema/api/common";
import { topicBody, topicListQuery, topicUpdateBody, userTopicsBody, userTopicsQuery } from "../../schema/api/topic";
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
} from "../domain/topics";
import { tutorChanged } from "../notifications/tutor-events";
import { auditActorOf } from "../domain/audit";
import { route } from "../http/route";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const topicRoutes = [
  route({
    method: "post",
    path: "/topic/",
    access: admins,
    summary: "Create a topic (Arabic and English names, both unique).",
    body: topicBody,
    status: 201,
    handle: ({ c, body, user }) => createTopic(c.get("db"), body, new Date(), auditActorOf(c, user.id)),
  }),
  route({
    method: "get",
    path: "/topic/list",
    access: "public",
    summary: "Every topic, paged, optionally searched by either name.",
    query: topicListQuery,
    handle: ({ c, query }) => listTopics(c.get("db"), query),
  }),
  route({
    method: "put",
    path: "/topic/:id",
    access: admins,
    summary: "Rename a topic.",
    params: idParam,
    body: topicUpdateBody,
    async handle({ c, params, body, user }) {
      const topic = await updateTopic(c.get("db"), params.id, body, new Date(), auditActorOf(c, user.id));
      tutorChanged(c);
      return topic;
    },
  }),
  route({
    method: "delete",
    path: "/topic/:id",
    access: admins,
    summary: "Delete a topic and every user's link to it (one batch).",
    params: idParam,
    status: 204,
    async handle({ c, params, user }) {
      await deleteTopic(c.get("db"), params.id, new Date(), auditActorOf(c, user.id));
      tutorChanged(c);
    },
  }),
  route({
    method: "get",
    path: "/topic/of/user",
    access: "signed-in",
    summary: "The caller's topics (or another user's with ?userId=).",
    query: userTopicsQuery,
    handle: ({ c, query, user }) => topicsOfUser(c.get("db"), query.userId ?? user.id),
  }),
  route({
    method: "post",
    path: "/topic/of/user",
    access: "signed-in",
    summary: "Add topics to the caller's set (at most 30 in all).",
    body: userTopicsBody,
    async handle({ c, body, user }) {
      const topics = await addUserTopics(c.get("db"), user.id, body.topicIds);
      tutorChanged(c, user.id);
      return topics;
    },
  }),
  route({
    method: "delete",
    path: "/topic/of/user",
    access: "signed-in",
    summary: "Remove topics from the caller's set.",
    body: userTopicsBody,
    async handle({ c, body, user }) {
      const topics = await removeUserTopics(c.get("db"), user.id, body.topicIds);
      tutorChanged(c, user.id);
      return topics;
    },
  }),
  route({
    method: "patch",
    path: "/topic/of/user",
    access: "signed-in",
    summary: "Replace the caller's whole set of topics (at most 30), in one batch.",
    body: userTopicsBody,
    async handle({ c, body, user }) {
      const topics = await replaceUserTopics(c.get("db"), user.id, body.topicIds);
      tutorChanged(c, user.id);
      return topics;
    },
  }),
];
