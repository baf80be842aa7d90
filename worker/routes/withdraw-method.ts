import { type WithdrawMethodView, withdrawMethodContracts } from "../../schema/api/invoice";
import { Role } from "../../schema/enums";
import {
  deleteWithdrawMethod,
  listWithdrawMethods,
  saveWithdrawMethod,
  updateWithdrawMethod,
} from "../domain/payments/withdraw-methods";
import { route } from "../http/route";

/** Who withdraws earnings keeps their own destinations (staff see each request's copy instead). */
const tutorSide = [Role.Tutor, Role.TutorManager] as const;

export const withdrawMethodRoutes = [
  route(withdrawMethodContracts.list, {
    access: tutorSide,
    summary:
      "The caller's saved withdraw methods (wallet, bank account, Instapay), the default first, then the newest.",
    handle: ({ c, user }): Promise<WithdrawMethodView[]> => listWithdrawMethods(c.get("db"), user.id),
  }),
  route(withdrawMethodContracts.create, {
    access: tutorSide,
    summary:
      "Save a withdraw method (at most 10; the same destination is kept once, its receiver updated). The first one becomes the default.",
    async handle({ c, body, user }): Promise<WithdrawMethodView> {
      return (await saveWithdrawMethod(c.get("db"), user.id, body, { now: c.get("now") }))!;
    },
  }),
  route(withdrawMethodContracts.update, {
    access: tutorSide,
    summary: "Replace a saved method's destination; isDefault true makes it the default.",
    handle: ({ c, params, body, user }): Promise<WithdrawMethodView> =>
      updateWithdrawMethod(c.get("db"), user.id, params.id, body, c.get("now")),
  }),
  route(withdrawMethodContracts.remove, {
    access: tutorSide,
    summary:
      "Delete a saved method (past requests keep their own copy); the newest one left becomes the default if it was.",
    handle: ({ c, params, user }) => deleteWithdrawMethod(c.get("db"), user.id, params.id, c.get("now")),
  }),
];
