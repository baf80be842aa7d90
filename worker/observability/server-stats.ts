import { and, count, eq, gte, inArray, isNull, lte, gt, sum } from "drizzle-orm";
import { invoices, lessons, transactions } from "../../schema/db";
import { InvoiceStatus, TransactionStatus } from "../../schema/enums";
import type { ServerStats } from "../../schema/events";
import { CAIRO, dayOf, dayStart } from "../../schema/calendar";
import type { Db } from "../core/context";

/**
 * The admin dashboard's live numbers, computed from D1 in one batch. Users online and requests per
 * minute come from the staff channel itself (its presence list and the isolates' request counts).
 */
export async function computeServerStats(
  db: Db,
  live: Pick<ServerStats, "usersOnline" | "requestsPerMinute">,
  now = new Date(),
): Promise<ServerStats> {
  const at = now.toISOString();
  const todayStart = dayStart(dayOf(now, CAIRO), CAIRO).toISOString();
  const [[happening], [pending], [paid]] = await db.batch([
    db
      .select({ n: count() })
      .from(lessons)
      .where(and(lte(lessons.start, at), gt(lessons.end, at), isNull(lessons.canceledAt))),
    // Waiting for staff: a new request, or a pending one whose tutor asked to change it.
    db
      .select({ n: count() })
      .from(invoices)
      .where(inArray(invoices.status, [InvoiceStatus.PendingApproval, InvoiceStatus.UpdateRequested])),
    db
      .select({ n: count(), amount: sum(transactions.amount) })
      .from(transactions)
      .where(and(eq(transactions.status, TransactionStatus.Paid), gte(transactions.paidAt, todayStart))),
  ]);
  return {
    usersOnline: live.usersOnline,
    lessonsHappeningNow: happening?.n ?? 0,
    requestsPerMinute: live.requestsPerMinute,
    pendingWithdrawals: pending?.n ?? 0,
    paymentsTodayAmount: Number(paid?.amount ?? 0),
    paymentsTodayCount: paid?.n ?? 0,
    at,
  };
}
