import { z } from "zod";
import { bounds, topicArNameRule, topicEnNameRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

/** POST /topic/ (admin). */
export const topicBody = z.object({ nameAr: topicArNameRule, nameEn: topicEnNameRule });
export type TopicBody = z.infer<typeof topicBody>;

/** PUT /topic/{id} (admin): either name or both. */
export const topicUpdateBody = topicBody.partial();

/** GET /topic/list — paged, optionally filtered by a part of either name. */
export const topicListQuery = pageQuery.extend({
  search: z.string({ error: "bad-request" }).trim().max(50, "bad-request").optional(),
});

const topicId = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** POST, DELETE and PATCH /topic/of/user: the topic ids to add, remove, or make the whole set. */
export const userTopicsBody = z.object({
  topicIds: z
    .array(topicId, { error: "bad-request" })
    .max(bounds.topicsPerUser * 4, "bad-request")
    .transform((ids) => [...new Set(ids)]),
});
export type UserTopicsBody = z.infer<typeof userTopicsBody>;

/** GET /topic/of/user — the caller's topics, or another user's by id. */
export const userTopicsQuery = z.object({
  userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export const topicView = z.object({ id: z.number(), nameAr: z.string(), nameEn: z.string() });
export type TopicView = z.output<typeof topicView>;

/** The topic endpoints (worker/routes/topic.ts). */
export const topicContracts = {
  create: contract({ method: "post", path: "/topic/", body: topicBody, status: 201, response: topicView }),
  list: contract({ method: "get", path: "/topic/list", query: topicListQuery, response: paged(topicView) }),
  update: contract({
    method: "put",
    path: "/topic/:id",
    body: topicUpdateBody,
    params: idParam,
    response: topicView,
  }),
  remove: contract({ method: "delete", path: "/topic/:id", params: idParam, status: 204, response: "empty" }),
  ofUser: contract({
    method: "get",
    path: "/topic/of/user",
    query: userTopicsQuery,
    response: z.array(topicView),
  }),
  addToUser: contract({
    method: "post",
    path: "/topic/of/user",
    body: userTopicsBody,
    response: z.array(topicView),
  }),
  removeFromUser: contract({
    method: "delete",
    path: "/topic/of/user",
    body: userTopicsBody,
    response: z.array(topicView),
  }),
  setOfUser: contract({
    method: "patch",
    path: "/topic/of/user",
    body: userTopicsBody,
    response: z.array(topicView),
  }),
};
