// Reviews after they are written (docs/rules.md, Reviews; worker/domain/lessons/ratings-moderation.ts):
// the rated tutor's one reply and its 24-hour edit window, flags (one per user per rating, never
// one's own), staff hiding and restoring with a note and an audit row, and a hidden rating gone
// from the public reviews, the average and the tutor list's order at once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ratingContracts } from "../../schema/api/rating";
import { tutorContracts } from "../../schema/api/tutor";
import { Role } from "../../schema/enums";
import { HOUR_MS } from "../../schema/time";
import { createStudent, createTutor, createUser, type Session } from "./factories-lessons";
import { onboardedTutor } from "./factories-tutors";
import { call, callContract } from "./helpers";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { backgroundScope } from "../../worker/core/scope";
import { createServices } from "../../worker/integrations";
import { emulators } from "../../emulators/local";
import { eraseAccount } from "../../worker/domain/privacy/erasure";
import { storeRequest } from "../../worker/domain/privacy/deletion";

/** A past lesson of the pair written straight to D1, so the student may rate the tutor. */
async function pastLesson(studentId: number, tutorId: number) {
  const start = new Date(Date.now() - 3 * HOUR_MS);
  const end = new Date(start.getTime() + 30 * 60 * 1000);
  const at = new Date().toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at)
     VALUES (?, ?, ?, 30, 12750, ?, ?, ?) RETURNING id`,
  )
    .bind(tutorId, start.toISOString(), end.toISOString(), studentId, at, at)
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
  )
    .bind(row!.id, tutorId, Role.Tutor, at, row!.id, studentId, Role.Student, at)
    .run();
}

/** A student who had a lesson with the tutor rates them; answers the student and the rating's id. */
async function rated(tutor: { id: number }, value: number, text = "مدرّس صبور وشرحه واضح") {
  const student = await createStudent();
  await pastLesson(student.id, tutor.id);
  const response = await callContract(ratingContracts.create, {
    token: student.token,
    body: { rateeId: tutor.id, value, text },
  });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return { student, ratingId: response.body.id };
}

const reply = (who: Session, id: number, text: string) =>
  callContract(ratingContracts.reply, { token: who.token, params: { id }, body: { text } });
const flag = (who: Session, id: number, body: Record<string, unknown>) =>
  callContract(ratingContracts.flag, { token: who.token, params: { id }, body: body as never });
const hide = (who: Session, id: number, note: string) =>
  callContract(ratingContracts.hide, { token: who.token, params: { id }, body: { note } });
const restore = (who: Session, id: number, note: string) =>
  callContract(ratingContracts.restore, { token: who.token, params: { id }, body: { note } });
const reviews = (tutorId: number) =>
  callContract(ratingContracts.tutorReviews, { params: { id: tutorId }, query: { page: 1, size: 50 } });

const storedRating = (id: number) =>
  env.DB.prepare(
    "SELECT reply, replied_at, reply_edited_at, flag_count, hidden_at, hidden_by, hidden_note FROM ratings WHERE id = ?",
  )
    .bind(id)
    .first<{
      reply: string | null;
      replied_at: string | null;
      reply_edited_at: string | null;
      flag_count: number;
      hidden_at: string | null;
      hidden_by: number | null;
      hidden_note: string | null;
    }>();
const auditRows = (id: number) =>
  env.DB.prepare(
    "SELECT actor_id, action, after FROM audit_log WHERE target_type = 'rating' AND target_id = ? ORDER BY id",
  )
    .bind(String(id))
    .all<{ actor_id: number; action: string; after: string }>()
    .then((result) => result.results);

describe("PUT /rating/{id}/reply", () => {
  it("lets the rated tutor reply once, shows it under the rating, and edits it within 24 hours", async () => {
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 4);
    const first = await reply(tutor, ratingId, "شكرًا على كلامك، مستنيك الحصة الجاية");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: ratingId,
      reply: "شكرًا على كلامك، مستنيك الحصة الجاية",
      replyEditedAt: null,
    });
    const repliedAt = first.body.repliedAt;
    expect(repliedAt).not.toBeNull();
    const shown = await reviews(tutor.id);
    expect(shown.body.list.find((review) => review.id === ratingId)?.reply).toBe(
      "شكرًا على كلامك، مستنيك الحصة الجاية",
    );

    const edited = await reply(tutor, ratingId, "شكرًا جدًا، مستنيك");
    expect(edited.status).toBe(200);
    expect(edited.body.reply).toBe("شكرًا جدًا، مستنيك");
    expect(edited.body.repliedAt).toBe(repliedAt);
    expect(edited.body.replyEditedAt).not.toBeNull();
  });

  it("refuses an edit once 24 hours passed since the first reply (rating-reply-locked)", async () => {
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 5);
    await reply(tutor, ratingId, "شكرًا");
    const longAgo = new Date(Date.now() - 24 * HOUR_MS - 60_000).toISOString();
    await env.DB.prepare("UPDATE ratings SET replied_at = ? WHERE id = ?").bind(longAgo, ratingId).run();
    const late = await reply(tutor, ratingId, "رد متأخر");
    expect([late.status, late.body.code]).toEqual([409, "rating-reply-locked"]);
    expect(await storedRating(ratingId)).toMatchObject({
      reply: "شكرًا",
      replied_at: longAgo,
      reply_edited_at: null,
    });
  });

  it("lets only the rated tutor reply: another tutor gets rating-reply-not-yours, a student forbidden", async () => {
    const tutor = await createTutor();
    const { student, ratingId } = await rated(tutor, 3);
    const other = await createTutor();
    const stranger = await reply(other, ratingId, "رد من مدرّس تاني");
    expect([stranger.status, stranger.body.code]).toEqual([403, "rating-reply-not-yours"]);
    const rater = await reply(student, ratingId, "رد من الطالب");
    expect([rater.status, rater.body.code]).toEqual([403, "forbidden"]);
    const missing = await reply(tutor, 987654321, "رد");
    expect([missing.status, missing.body.code]).toEqual([404, "rating-not-found"]);
    expect((await storedRating(ratingId))?.reply).toBeNull();
  });

  it.each([
    ["empty-rating-reply", "   "],
    ["long-rating-reply", "ر".repeat(1001)],
  ])("refuses a reply with %s and stores nothing", async (code, text) => {
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 4);
    const response = await reply(tutor, ratingId, text);
    expect([response.status, response.body.code]).toEqual([400, code]);
    expect((await storedRating(ratingId))?.reply).toBeNull();
  });
});

describe("POST /rating/{id}/flag", () => {
  it("keeps one flag per user per rating and counts them on the rating", async () => {
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 1, "كلام مش لطيف");
    const reader = await createStudent();
    const first = await flag(reader, ratingId, { reason: "offensive", text: "فيه شتيمة" });
    expect([first.status, first.body]).toEqual([201, { flagged: true }]);
    const again = await flag(reader, ratingId, { reason: "spam" });
    expect([again.status, again.body.code]).toEqual([409, "rating-flag-exists"]);
    expect((await storedRating(ratingId))?.flag_count).toBe(1);
    // The rated tutor may flag a rating about them too.
    expect((await flag(tutor, ratingId, { reason: "no-lesson" })).status).toBe(201);
    expect((await storedRating(ratingId))?.flag_count).toBe(2);
  });

  it("refuses a flag on one's own rating (own-rating-flag)", async () => {
    const tutor = await createTutor();
    const { student, ratingId } = await rated(tutor, 2);
    const response = await flag(student, ratingId, { reason: "other" });
    expect([response.status, response.body.code]).toEqual([403, "own-rating-flag"]);
    expect((await storedRating(ratingId))?.flag_count).toBe(0);
  });

  it("refuses a long text, an unknown reason, an unknown rating and a visitor", async () => {
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 2);
    const reader = await createStudent();
    const long = await flag(reader, ratingId, { reason: "other", text: "ك".repeat(501) });
    expect([long.status, long.body.code]).toEqual([400, "long-rating-flag-text"]);
    const unknown = await flag(reader, ratingId, { reason: "boring" });
    expect([unknown.status, unknown.body.code]).toEqual([400, "bad-request"]);
    const missing = await flag(reader, 987654321, { reason: "spam" });
    expect([missing.status, missing.body.code]).toEqual([404, "rating-not-found"]);
    const visitor = await call("POST", `/api/v1/rating/${ratingId}/flag`, { body: { reason: "spam" } });
    expect(visitor.status).toBe(401);
    expect((await storedRating(ratingId))?.flag_count).toBe(0);
  });

  it("deletes a flagged rating with its flags", async () => {
    const tutor = await createTutor();
    const { student, ratingId } = await rated(tutor, 2);
    await flag(await createStudent(), ratingId, { reason: "spam" });
    const removed = await callContract(ratingContracts.remove, {
      token: student.token,
      params: { id: ratingId },
    });
    expect(removed.status).toBe(204);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM rating_flags WHERE rating_id = ?")
      .bind(ratingId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe("staff: the flagged ratings, hide and restore", () => {
  it("lists flagged ratings with their flags for admins only", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 1, "تقييم فيه كلمة مميزة زعفران");
    const reader = await createStudent();
    await flag(reader, ratingId, { reason: "personal-data", text: "فيه رقم تليفون" });
    const page = await callContract(ratingContracts.moderation, {
      token: admin.token,
      query: { q: "زعفران", page: 1, size: 10 },
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(1);
    expect(page.body.list[0]).toMatchObject({
      id: ratingId,
      tutor: { id: tutor.id },
      flagCount: 1,
      flags: [{ reason: "personal-data", text: "فيه رقم تليفون", by: { id: reader.id } }],
      hiddenAt: null,
    });
    for (const who of [reader, tutor, await createUser(Role.TutorManager), await createUser(Role.Studio)]) {
      const refused = await callContract(ratingContracts.moderation, {
        token: who.token,
        query: { page: 1, size: 10 },
      });
      expect([refused.status, refused.body.code]).toEqual([403, "forbidden"]);
    }
  });

  it("hides a rating with a note (audited), takes it out of the reviews and the average, and restores it", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tutor = await createTutor();
    await rated(tutor, 5);
    const { ratingId } = await rated(tutor, 1, "تقييم ظالم");
    expect((await reviews(tutor.id)).body).toMatchObject({ average: 3, count: 2, total: 2 });

    const hidden = await hide(admin, ratingId, "كلام مسيء");
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: ratingId, hiddenBy: { id: admin.id }, hiddenNote: "كلام مسيء" });
    expect(hidden.body.hiddenAt).not.toBeNull();
    const after = await reviews(tutor.id);
    expect(after.body).toMatchObject({ average: 5, count: 1, total: 1 });
    expect(after.body.list.map((review) => review.id)).not.toContain(ratingId);
    const received = await callContract(ratingContracts.byRatee, {
      params: { id: tutor.id },
      query: { page: 1, size: 50 },
    });
    expect(received.body.list.map((rating) => rating.id)).not.toContain(ratingId);

    const twice = await hide(admin, ratingId, "تاني");
    expect([twice.status, twice.body.code]).toEqual([409, "rating-already-hidden"]);

    const shown = await restore(admin, ratingId, "راجعناه وطلع سليم");
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ hiddenAt: null, hiddenNote: "راجعناه وطلع سليم" });
    expect((await reviews(tutor.id)).body).toMatchObject({ average: 3, count: 2 });
    const again = await restore(admin, ratingId, "تاني");
    expect([again.status, again.body.code]).toEqual([409, "rating-not-hidden"]);

    // One audit row per change, none for the refused repeats.
    const rows = await auditRows(ratingId);
    expect(rows.map((row) => [row.actor_id, row.action])).toEqual([
      [admin.id, "rating.hide"],
      [admin.id, "rating.restore"],
    ]);
    expect(JSON.parse(rows[0]!.after)).toEqual({ hidden: true, note: "كلام مسيء" });
  });

  it("lets only admins hide or restore, needs a note, and answers rating-not-found", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const tutor = await createTutor();
    const { student, ratingId } = await rated(tutor, 2);
    for (const who of [student, tutor, await createUser(Role.TutorManager)]) {
      const refused = await hide(who, ratingId, "مش مسموح");
      expect([refused.status, refused.body.code]).toEqual([403, "forbidden"]);
    }
    const empty = await hide(admin, ratingId, "  ");
    expect([empty.status, empty.body.code]).toEqual([400, "empty-rating-note"]);
    const long = await hide(admin, ratingId, "م".repeat(501));
    expect([long.status, long.body.code]).toEqual([400, "long-rating-note"]);
    const missing = await hide(admin, 987654321, "ملاحظة");
    expect([missing.status, missing.body.code]).toEqual([404, "rating-not-found"]);
    expect(await storedRating(ratingId)).toMatchObject({ hidden_at: null, hidden_by: null });
    expect(await auditRows(ratingId)).toEqual([]);
  });

  it("reorders the public tutor list at once when a rating is hidden", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `ترتيب ${crypto
      .randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 6)
      .replace(/./g, (c) => "أبتثجح"["abcdef".indexOf(c)]!)}`;
    const first = await onboardedTutor({ name: `${tag} أول` });
    const second = await onboardedTutor({ name: `${tag} تاني` });
    await rated({ id: first.user.id }, 5);
    const { ratingId } = await rated({ id: first.user.id }, 1);
    await rated({ id: second.user.id }, 4);
    const names = async () =>
      (await callContract(tutorContracts.list, { query: { page: 1, size: 10, name: tag } })).body.list.map(
        (card) => [card.name, card.rating.average],
      );
    expect(await names()).toEqual([
      [`${tag} تاني`, 4],
      [`${tag} أول`, 3],
    ]);
    const before = await env.DB.prepare(
      "SELECT version FROM cache_versions WHERE name = 'tutor-list'",
    ).first<{
      version: number;
    }>();
    expect((await hide(admin, ratingId, "تقييم مش حقيقي")).status).toBe(200);
    const bumped = await env.DB.prepare(
      "SELECT version FROM cache_versions WHERE name = 'tutor-list'",
    ).first<{
      version: number;
    }>();
    expect(bumped!.version).toBe((before?.version ?? 0) + 1);
    expect(await names()).toEqual([
      [`${tag} أول`, 5],
      [`${tag} تاني`, 4],
    ]);
    const kept = await env.DB.prepare("SELECT list_rating FROM tutors WHERE id = ?")
      .bind(first.user.id)
      .first<{ list_rating: number }>();
    expect(kept?.list_rating).toBe(-5);
  });
});

describe("account erasure and reviews", () => {
  const scopeAt = (now: Date) => {
    const config = readConfig(env);
    return backgroundScope(env, {
      config,
      logger: createLogger("test"),
      now,
      services: createServices(config, env, undefined, emulators),
      waitUntil: () => {},
    });
  };
  const erase = async (who: Session, role: Role) => {
    await storeRequest(
      scopeAt(new Date()),
      { id: who.id, role },
      { userId: who.id, requestId: null },
      who.id,
      0,
      null,
    );
    expect(await eraseAccount(scopeAt(new Date(Date.now() + 60_000)), who.id)).toBe("erased");
  };

  it("deletes the person's flags (the count taken again) and empties their replies", async () => {
    const tutor = await createTutor();
    const { ratingId } = await rated(tutor, 2);
    await reply(tutor, ratingId, "شكرًا على رأيك");
    const reader = await createStudent();
    const other = await createStudent();
    await flag(reader, ratingId, { reason: "spam", text: "إعلان" });
    await flag(other, ratingId, { reason: "offensive" });
    expect((await storedRating(ratingId))?.flag_count).toBe(2);

    await erase(reader, Role.Student);
    const flags = await env.DB.prepare("SELECT user_id FROM rating_flags WHERE rating_id = ?")
      .bind(ratingId)
      .all<{ user_id: number }>();
    expect(flags.results).toEqual([{ user_id: other.id }]);
    expect((await storedRating(ratingId))?.flag_count).toBe(1);

    await erase(tutor, Role.Tutor);
    expect(await storedRating(ratingId)).toMatchObject({
      reply: null,
      replied_at: null,
      reply_edited_at: null,
    });
  });
});
