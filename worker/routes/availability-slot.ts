import { type SlotActionsResult, availabilitySlotContracts } from "../../schema/api/availability-slot";
import { Role } from "../../schema/enums";
import { applySlotActions, cancellationMessages, listSlots } from "../domain/tutors/availability";
import { tutorChanged } from "../realtime/tutor-events";
import { fail } from "../core/failure";
import { notify } from "../notifications/notify";
import { route } from "../http/route";
import { publishLater } from "../realtime/events";
import { scopeOf } from "../http/scope";
import { recomputeCreditScoreOf } from "../domain/lessons/credit-score";

export const availabilitySlotRoutes = [
  route(availabilitySlotContracts.list, {
    access: "public",
    summary: "A user's live slots overlapping [after, before), by start (the caller's own without userId).",
    async handle({ c, query, user }) {
      const userId = query.userId ?? user?.id ?? fail("bad-request");
      return listSlots(c.get("db"), { ...query, userId });
    },
  }),
  route(availabilitySlotContracts.apply, {
    access: [Role.Tutor, Role.TutorManager],
    summary:
      "Create, move or delete the caller's slots, all or nothing; cancels bookings that no longer fit and notifies.",
    async handle({ c, body, user }): Promise<SlotActionsResult> {
      const db = c.get("db");
      const { result, canceled } = await applySlotActions(db, user.id, body.actions);
      tutorChanged(scopeOf(c), user.id);
      for (const message of await cancellationMessages(db, canceled)) await notify(scopeOf(c), message);
      publishLater(scopeOf(c), { to: "canceled-lessons", lessonIds: canceled.lessons.map((l) => l.id) });
      // Cancelling booked lessons inside the cancel window counts against the tutor's reliability now.
      if (canceled.lessons.length > 0) await recomputeCreditScoreOf(db, user.id);
      return result;
    },
  }),
];
