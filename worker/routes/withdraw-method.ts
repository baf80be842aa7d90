import { idParam } from "../../schema/api/common";
import { withdrawMethodBody, type WithdrawMethodView } from "../../schema/api/invoice";
import { Role } from "../../schema/enums";
import { deleteWithdrawMethod, listWithdrawMethods, saveWithdrawMethod, updateWithdrawMethod } from "../domain/withdraw-methods";
import { route } from "../http/route";

/** Who withdraws earnings keeps their own destinations (staff see each request's copy instead). */
const tutorSide = [Role.Tutor, Role.TutorManager] as const;

export const withdrawMethodRoutes = [
  route({
    method: "get",
    path: "/withdraw-method",
    access: tutorSide,
    summary: "The caller's saved withdraw methods (wallet, bank account, Instapay), the default first, then the newest.",
    handle: ({ c, user }): Promise<WithdrawMethodView[]> => listWithdrawMethods(c.get("db"), user.id),
  }),
  route({
    method: "post",
    path: "/withdraw-method",
    access: tutorSide,
    summary: "Save a withdraw method (at most 10; the same destination is kept once, its receiver updated). The first one becomes the default.",
    body: withdrawMethodBody,
    status: 201,
    async handle({ c, body, user }): Promise<WithdrawMethodView> {
      return (await saveWithdrawMethod(c.get("db"), user.id, body, { now: c.get("now") }))!;
    },
  }),
  route({
    method: "put",
    path: "/withdraw-method/:id",
    access: tutorSide,
    summary: "Replace a saved method's destination; isDefault true makes it the default.",
    params: idParam,
    body: withdrawMethodBody,
    handle: ({ c, params, body, user }): Promise<WithdrawMethodView> => updateWithdrawMethod(c.get("db"), user.id, params.id, body, c.get("now")),
  }),
  route({
    method: "delete",
    path: "/withdraw-method/:id",
    access: tutorSide,
    summary: "Delete a saved method (past requests keep their own copy); the newest one left becomes the default if it was.",
    params: idParam,
    status: 204,
    handle: ({ c, params, user }) => deleteWithdrawMethod(c.get("db"), user.id, params.id, c.get("now")),
  }),
];
