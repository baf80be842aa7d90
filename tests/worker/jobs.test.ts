import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../emulators/local";
import { schedules } from "../../worker/jobs";

async function runCron(cron: string) {
  const controller = createScheduledController({ cron, scheduledTime: Date.now() });
  await worker.scheduled(controller, env);
}

describe("cron: notification outbox", () => {
  it("delivers pending messages the queue never carried (over 10 minutes old) and leaves sent ones alone (idempotent)", async () => {
    const at = new Date(Date.now() - 11 * 60_000).toISOString();
    const inserted = await env.DB.prepare(
      "INSERT INTO notifications_outbox (channel, recipient, subject, body, status, attempts, created_at) VALUES ('email', 'retry@example.com', 's', 'b', 'pending', 1, ?) RETURNING id",
    )
      .bind(at)
      .first<{ id: number }>();
    await runCron(schedules.everyFiveMinutes);
    const row = await env.DB.prepare(
      "SELECT status, attempts, sent_at FROM notifications_outbox WHERE id = ?",
    )
      .bind(inserted!.id)
      .first<{ status: string; attempts: number; sent_at: string }>();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    await runCron(schedules.everyFiveMinutes);
    const again = await env.DB.prepare("SELECT attempts FROM notifications_outbox WHERE id = ?")
      .bind(inserted!.id)
      .first();
    expect(again).toEqual({ attempts: 2 });
  });
});
