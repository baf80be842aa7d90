// The staff dashboard's live numbers (worker/observability/server-stats.ts): a withdrawal request
// waits for staff while it is pending approval and also while its tutor's change waits
// (UpdateRequested, docs/rules.md, Withdrawals); those are the pending withdrawals.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { InvoiceStatus } from "../../schema/enums";
import { createDb } from "../../worker/core/db";
import { computeServerStats } from "../../worker/observability/server-stats";
import { createTutor } from "./factories-lessons";

async function invoiceWith(userId: number, status: InvoiceStatus) {
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO invoices (user_id, amount, method, status, created_at, updated_at) VALUES (?, 10000, 0, ?, ?, ?)",
  )
    .bind(userId, status, now, now)
    .run();
}

describe("server stats: pending withdrawals", () => {
  it("counts requests pending approval and those with a change waiting, not the settled ones", async () => {
    const db = createDb(env);
    const live = { usersOnline: 0, requestsPerMinute: 0 };
    const before = (await computeServerStats(db, live)).pendingWithdrawals;
    const tutor = await createTutor();
    await invoiceWith(tutor.id, InvoiceStatus.PendingApproval);
    await invoiceWith(tutor.id, InvoiceStatus.UpdateRequested);
    await invoiceWith(tutor.id, InvoiceStatus.Approved);
    await invoiceWith(tutor.id, InvoiceStatus.Rejected);
    await invoiceWith(tutor.id, InvoiceStatus.Canceled);
    expect((await computeServerStats(db, live)).pendingWithdrawals - before).toBe(2);
  });
});
