import { env, exports } from "cloudflare:workers";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { escapeText, foldLine, icsDateTime, renderCalendar } from "../../worker/domain/lessons/calendar-feed";
import {
  addMinutes,
  book,
  createStudent,
  createTutor,
  createUser,
  gridTime,
  subscribe,
  tutorFreeAt,
} from "./factories-lessons";
import { call, callContract, ORIGIN } from "./helpers";
import { lessonContracts } from "../../schema/api/lesson";

const encoder = new TextEncoder();

/** A subscribed student with a 30-minute lesson booked with a named tutor `hours` ahead. */
async function bookedWith(tutorName: string, hours = 24) {
  const start = gridTime(hours);
  const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(tutorName, tutor.id).run();
  const student = await createStudent();
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind("سارة أحمد", student.id).run();
  await subscribe(student.id, { weeklyMinutes: 120 });
  const response = await book(student, tutor.id, start, 30);
  expect(response.status).toBe(201);
  return { start, tutor, student, lessonId: response.body.id as number };
}

async function feedUrl(token: string): Promise<{ url: string; webcalUrl: string }> {
  const response = await callContract(lessonContracts.feed, { token });
  expect(response.status).toBe(200);
  return response.body;
}

/** A feed URL through the worker's API caller (JSON errors parsed). */
const fetchFeed = (url: string) => call("GET", new URL(url).pathname);

/** A feed URL through the worker: status, content type and the raw text. */
async function rawFeed(url: string) {
  const response = await exports.default.fetch(new Request(ORIGIN + new URL(url).pathname));
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("GET /lesson/calendar/feed", () => {
  it("gives the user one secret feed URL, the same on every call, with its webcal: form", async () => {
    const student = await createStudent();
    const first = await feedUrl(student.token);
    expect(first.url).toMatch(new RegExp(`^${ORIGIN}/api/v1/lesson/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(first.webcalUrl).toBe(first.url.replace(/^https?:/, "webcal:"));
    expect(await feedUrl(student.token)).toEqual(first);
    const stored = await env.DB.prepare("SELECT token FROM calendar_feeds WHERE user_id = ?")
      .bind(student.id)
      .first<{ token: string }>();
    expect(first.url).toContain(`/${stored!.token}.ics`);
  });

  it("gives two users different tokens", async () => {
    const [a, b] = [await createStudent(), await createStudent()];
    expect((await feedUrl(a.token)).url).not.toBe((await feedUrl(b.token)).url);
  });

  it("is for lesson members only: an admin is refused", async () => {
    const admin = await createUser(Role.RegularAdmin);
    expect((await callContract(lessonContracts.feed, { token: admin.token })).status).toBe(403);
    expect((await callContract(lessonContracts.feed)).status).toBe(401);
  });
});

describe("POST /lesson/calendar/feed rotates the token", () => {
  it("answers a new URL, and the old one stops working", async () => {
    const { student } = await bookedWith("منى علي");
    const old = await feedUrl(student.token);
    expect((await rawFeed(old.url)).status).toBe(200);
    const rotated = await callContract(lessonContracts.rotateFeed, { token: student.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old.url);
    expect((await rawFeed(old.url)).status).toBe(404);
    expect((await rawFeed(rotated.body.url)).status).toBe(200);
    expect(await feedUrl(student.token)).toEqual(rotated.body);
  });
});

describe("GET /lesson/calendar/{token}.ics", () => {
  it("answers an RFC 5545 calendar that a real parser reads: the lesson in UTC with an Arabic summary naming the tutor", async () => {
    const { start, student, lessonId } = await bookedWith("منى علي");
    const { url } = await feedUrl(student.token);
    const feed = await rawFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("text/calendar; charset=utf-8");

    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Dars//Lessons//AR");
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(`lesson-${lessonId}@${new URL(ORIGIN).hostname}`);
    expect(event!.summary).toBe("حصة إنجليزي مع منى علي");
    expect(event!.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(addMinutes(start, 30).toISOString());
    expect(event!.startDate.zone.tzid).toBe("UTC");
    expect(event!.description).toBe(`حصة مدتها ٣٠ دقيقة على درس.\nغرفة الحصة: ${ORIGIN}/lesson/${lessonId}`);
    expect(event!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event!.component.getFirstProperty("dtstamp")).not.toBeNull();
  });

  it("names the student in the tutor's feed", async () => {
    const { tutor } = await bookedWith("منى علي");
    const feed = await rawFeed((await feedUrl(tutor.token)).url);
    const [vevent] = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents("vevent");
    expect(new ICAL.Event(vevent).summary).toBe("حصة إنجليزي مع سارة أحمد");
  });

  it("ends every line with CRLF and folds none longer than 75 octets", async () => {
    const { student } = await bookedWith(
      "عبد الرحمن محمد إبراهيم السيد، مدرس اللغة الإنجليزية؛ المستوى المتقدم",
    );
    const { text } = await rawFeed((await feedUrl(student.token)).url);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").slice(0, -1);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    const summary = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!)
      .summary;
    expect(summary).toBe(
      "حصة إنجليزي مع عبد الرحمن محمد إبراهيم السيد، مدرس اللغة الإنجليزية؛ المستوى المتقدم",
    );
  });

  it("keeps the same UID after a reschedule and marks a cancelled lesson STATUS:CANCELLED", async () => {
    const { start, student, lessonId } = await bookedWith("منى علي", 30);
    const { url } = await feedUrl(student.token);
    const moved = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: lessonId, start: addMinutes(start, 60).toISOString() },
    });
    expect(moved.status).toBe(200);
    let event = new ICAL.Event(
      new ICAL.Component(ICAL.parse((await rawFeed(url)).text)).getFirstSubcomponent("vevent")!,
    );
    expect(event.uid).toBe(`lesson-${lessonId}@${new URL(ORIGIN).hostname}`);
    expect(event.startDate.toJSDate().toISOString()).toBe(addMinutes(start, 60).toISOString());
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: lessonId }, token: student.token })).status,
    ).toBe(200);
    event = new ICAL.Event(
      new ICAL.Component(ICAL.parse((await rawFeed(url)).text)).getFirstSubcomponent("vevent")!,
    );
    expect(event.uid).toBe(`lesson-${lessonId}@${new URL(ORIGIN).hostname}`);
    expect(event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("lists only the owner's lessons", async () => {
    const { student } = await bookedWith("منى علي");
    const other = await bookedWith("هالة سمير");
    const text = (await rawFeed((await feedUrl(student.token)).url)).text;
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
    expect(events.map((vevent) => new ICAL.Event(vevent).uid)).not.toContain(
      `lesson-${other.lessonId}@${new URL(ORIGIN).hostname}`,
    );
    expect(events).toHaveLength(1);
  });

  it("answers 404 not-found to an unknown or malformed token", async () => {
    const unknown = await fetchFeed(`${ORIGIN}/api/v1/lesson/calendar/${"A".repeat(43)}.ics`);
    expect([unknown.status, unknown.body.code]).toEqual([404, "not-found"]);
    expect((await fetchFeed(`${ORIGIN}/api/v1/lesson/calendar/short.ics`)).status).toBe(404);
  });

  it("answers an empty calendar to a user without lessons", async () => {
    const tutor = await createTutor();
    const feed = await rawFeed((await feedUrl(tutor.token)).url);
    expect(feed.status).toBe(200);
    expect(new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents("vevent")).toEqual([]);
  });
});

describe("GET /lesson/list/ with after and before (a calendar week)", () => {
  it("answers the lessons overlapping [after, before), cancelled ones included, oldest first", async () => {
    const start = gridTime(48);
    const tutor = await tutorFreeAt(addMinutes(start, -60), 6);
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 240 });
    const ids: number[] = [];
    for (const offset of [120, 0, 60])
      ids.push((await book(student, tutor.id, addMinutes(start, offset), 30)).body.id);
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: ids[2]! }, token: student.token })).status,
    ).toBe(200);
    const week = await callContract(lessonContracts.list, {
      query: {
        after: addMinutes(start, 15).toISOString(),
        before: addMinutes(start, 120).toISOString(),
        size: "100",
      },
      token: student.token,
    });
    expect(week.status).toBe(200);
    expect(week.body.list.map((lesson: { id: number; state: string }) => [lesson.id, lesson.state])).toEqual([
      [ids[1], "pending"],
      [ids[2], "canceled"],
    ]);
    expect(week.body.total).toBe(2);
    expect(
      (await callContract(lessonContracts.list, { query: { after: "yesterday" }, token: student.token })).body
        .code,
    ).toBe("bad-request");
  });
});

describe("RFC 5545 text", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("folds at 75 octets without splitting an Arabic letter, continuing with one space", () => {
    const line = `SUMMARY:${"م".repeat(80)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("writes UTC date-times in the basic form", () => {
    expect(icsDateTime("2026-11-22T10:15:00.000Z")).toBe("20261122T101500Z");
  });

  it("renders a cancelled lesson without a name", () => {
    const text = renderCalendar({
      host: "dars.test",
      appOrigin: "https://dars.test",
      lessons: [
        {
          id: 9,
          start: "2026-11-22T10:00:00.000Z",
          end: "2026-11-22T10:15:00.000Z",
          duration: 15,
          canceledAt: "2026-11-21T10:00:00.000Z",
          createdAt: "2026-11-20T10:00:00.000Z",
          updatedAt: "2026-11-21T10:00:00.000Z",
          otherName: null,
        },
      ],
    });
    expect(text).toContain("\r\nSTATUS:CANCELLED\r\n");
    expect(text).toContain("\r\nDTSTAMP:20261121T100000Z\r\n");
    expect(text).toContain("\r\nSUMMARY:حصة إنجليزي على درس\r\n");
  });
});
