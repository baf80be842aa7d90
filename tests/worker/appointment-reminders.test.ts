import { env, exports } from "cloudflare:workers";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { lessonContracts } from "../../schema/api/lesson";
import { Role } from "../../schema/enums";
import { createLogger } from "../../worker/core/logger";
import { formatLessonTime } from "../../worker/notifications/clock";
import { appointmentMessages, sendLessonReminders } from "../../worker/notifications/reminders";
import { createUser, db } from "./factories-lessons";
import { callContract, ORIGIN } from "./helpers";
import { insertDemo, insertInterview } from "./factories-onboarding";

const HOUR = 3_600_000;
const logger = createLogger("test");

async function insertPhoto(tutorId: number, studioId: number, at: string): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO photo_sessions (tutor_id, studio_id, scheduled_at, status, created_at, updated_at) VALUES (?, ?, ?, 'scheduled', ?, ?) RETURNING id",
  )
    .bind(tutorId, studioId, at, at, at)
    .first<{ id: number }>();
  return row!.id;
}

const written = async (stem: string) =>
  (
    await env.DB.prepare(
      "SELECT dedupe_key AS key, kind, subject, body, not_before AS notBefore FROM notifications_outbox WHERE dedupe_key LIKE ? ORDER BY dedupe_key",
    )
      .bind(`${stem}%`)
      .all<{ key: string; kind: string; subject: string; body: string; notBefore: string | null }>()
  ).results;

/** Cairo moves its clocks forward at 00:00 on 24 April 2026 (UTC+2 → UTC+3). */
const afterSpringForward = "2026-04-24T07:00:00.000Z"; // 10:00 in Cairo (UTC+3)

describe("reminders of interviews, demo sessions and photo sessions", () => {
  it("reminds both people of each a day and an hour before, once, on their own clock across the DST change", async () => {
    const applicant = await createUser(Role.Tutor);
    const manager = await createUser(Role.TutorManager);
    const studio = await createUser(Role.Studio);
    await env.DB.prepare("UPDATE users SET time_zone = 'Asia/Riyadh' WHERE id = ?").bind(applicant.id).run();
    const interview = await insertInterview(applicant.id, manager.id, afterSpringForward, 1);
    const demo = await insertDemo(
      applicant.id,
      manager.id,
      new Date(Date.parse(afterSpringForward) + HOUR).toISOString(),
      1,
    );
    const photo = await insertPhoto(
      applicant.id,
      studio.id,
      new Date(Date.parse(afterSpringForward) + 2 * HOUR).toISOString(),
    );

    // The evening before (23:00 Cairo, still UTC+2): within a day of all three.
    const dayBefore = new Date("2026-04-23T21:00:00Z");
    await sendLessonReminders(db(), dayBefore, logger);
    await sendLessonReminders(db(), new Date(dayBefore.getTime() + 5 * 60_000), logger);
    const day = await written(`reminder:interview:${interview}:1d:`);
    expect(day.map((row) => row.key)).toEqual(
      [
        `reminder:interview:${interview}:1d:${applicant.id}:email`,
        `reminder:interview:${interview}:1d:${manager.id}:email`,
      ].sort(),
    );
    for (const row of day) {
      expect(row.kind).toBe("lesson-reminders");
      // Never held by quiet hours, though it is 23:00 in Cairo.
      expect(row.notBefore).toBeNull();
      expect(row.subject).toBe(appointmentMessages.interview(afterSpringForward, "1d").subject);
    }
    const managerText = day.find((row) => row.key.includes(`:${manager.id}:`))!.body;
    const applicantText = day.find((row) => row.key.includes(`:${applicant.id}:`))!.body;
    // 10:00 on Cairo's summer clock (the change happened between the reminder and the interview).
    expect(managerText).toContain(`${formatLessonTime(afterSpringForward, "Africa/Cairo")} بتوقيت القاهرة`);
    expect(formatLessonTime(afterSpringForward, "Africa/Cairo")).toContain("١٠:٠٠");
    expect(applicantText).toContain(`${formatLessonTime(afterSpringForward, "Asia/Riyadh")} بتوقيت الرياض`);
    expect((await written(`reminder:demo:${demo}:1d:`)).map((row) => row.key)).toEqual(
      [
        `reminder:demo:${demo}:1d:${applicant.id}:email`,
        `reminder:demo:${demo}:1d:${manager.id}:email`,
      ].sort(),
    );
    expect((await written(`reminder:photo:${photo}:1d:`)).map((row) => row.key)).toEqual(
      [
        `reminder:photo:${photo}:1d:${applicant.id}:email`,
        `reminder:photo:${photo}:1d:${studio.id}:email`,
      ].sort(),
    );
    expect((await written(`reminder:demo:${demo}:1d:`))[0]!.subject).toBe("تذكير: الحصة التجريبية بعد يوم");
    expect((await written(`reminder:photo:${photo}:1d:`))[0]!.subject).toBe("تذكير: جلسة التصوير بعد يوم");
    expect(await written(`reminder:interview:${interview}:1h:`)).toEqual([]);

    // 50 minutes before the interview: the hour reminder, once.
    const hourBefore = new Date(Date.parse(afterSpringForward) - 50 * 60_000);
    await sendLessonReminders(db(), hourBefore, logger);
    await sendLessonReminders(db(), new Date(hourBefore.getTime() + 5 * 60_000), logger);
    const hour = await written(`reminder:interview:${interview}:1h:`);
    expect(hour.length).toBe(2);
    expect(hour[0]!.subject).toBe("تذكير: مقابلتك بعد ساعة");
    // The demo is 1 h 50 min away: not yet its hour reminder.
    expect(await written(`reminder:demo:${demo}:1h:`)).toEqual([]);
  });

  it("does not remind of a cancelled interview, a decided demo or a photo session not scheduled", async () => {
    const applicant = await createUser(Role.Tutor);
    const manager = await createUser(Role.TutorManager);
    const start = "2026-06-10T10:00:00.000Z";
    const interview = await insertInterview(applicant.id, manager.id, start, 4);
    const demo = await insertDemo(applicant.id, manager.id, start, 2);
    const photo = await insertPhoto(applicant.id, manager.id, start);
    await env.DB.prepare("UPDATE photo_sessions SET status = 'canceled' WHERE id = ?").bind(photo).run();
    await sendLessonReminders(db(), new Date(Date.parse(start) - 2 * HOUR), logger);
    expect(await written(`reminder:interview:${interview}:`)).toEqual([]);
    expect(await written(`reminder:demo:${demo}:`)).toEqual([]);
    expect(await written(`reminder:photo:${photo}:`)).toEqual([]);
  });
});

describe("the calendar feed lists the onboarding appointments", () => {
  it("shows the applicant's interview, demo session and photo session with their own titles, and the manager's side", async () => {
    const applicant = await createUser(Role.Tutor, { name: "هالة محمود" });
    const manager = await createUser(Role.TutorManager, { name: "كريم فؤاد" });
    const studio = await createUser(Role.Studio, { name: "استوديو النور" });
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const interview = await insertInterview(applicant.id, manager.id, start, 1);
    const demo = await insertDemo(applicant.id, manager.id, start, 4);
    const photo = await insertPhoto(applicant.id, studio.id, start);
    const events = async (token: string) => {
      const { body } = await callContract(lessonContracts.feed, { token });
      const response = await exports.default.fetch(new Request(ORIGIN + new URL(body.url).pathname));
      expect(response.status).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(await response.text()));
      return calendar.getAllSubcomponents("vevent").map((vevent) => ({
        uid: String(vevent.getFirstPropertyValue("uid")),
        summary: String(vevent.getFirstPropertyValue("summary")),
        status: String(vevent.getFirstPropertyValue("status")),
      }));
    };
    const mine = await events(applicant.token);
    expect(mine.map(({ uid, summary, status }) => [uid.split("@")[0], summary, status])).toEqual([
      [`interview-${interview}`, "مقابلة مع كريم فؤاد", "CONFIRMED"],
      [`demo-${demo}`, "حصة تجريبية مع مدير المدرّسين", "CANCELLED"],
      [`photo-${photo}`, "جلسة تصوير في الاستوديو", "CONFIRMED"],
    ]);
    const managers = await events(manager.token);
    expect(managers.map((event) => event.summary)).toEqual([
      "مقابلة مع هالة محمود",
      "حصة تجريبية مع هالة محمود",
    ]);
  });
});
