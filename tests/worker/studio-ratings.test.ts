import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { createTutor, createUser, type Session } from "./factories-lessons";
import { call, callContract } from "./helpers";
import { ratingContracts } from "../../schema/api/rating";

/** A photo session of the tutor with the studio, written straight to D1; `video` when the studio uploaded one. */
async function photoSession(
  tutor: Session,
  studio: Session,
  options: { video?: boolean; status?: string } = {},
) {
  const at = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO photo_sessions (tutor_id, studio_id, status, image, video, thumbnail, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      tutor.id,
      studio.id,
      options.status ?? "done",
      "uploads/p.png",
      options.video === false ? null : "uploads/v.webm",
      "uploads/t.png",
      at,
      at,
    )
    .run();
}

const rate = (rater: Session, body: Record<string, unknown>) =>
  call("POST", "/api/v1/rating/", { token: rater.token, body });
const stored = (raterId: number, rateeId: number) =>
  env.DB.prepare("SELECT value, text FROM ratings WHERE rater_id = ? AND ratee_id = ?")
    .bind(raterId, rateeId)
    .first<{ value: number; text: string | null }>();

describe("POST /rating/ by a tutor (rating the studio)", () => {
  it("lets a tutor rate the studio that uploaded their video", async () => {
    const tutor = await createTutor();
    const studio = await createUser(Role.Studio);
    await photoSession(tutor, studio);
    const response = await rate(tutor, { rateeId: studio.id, value: 5, text: "تصوير ممتاز" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      raterId: tutor.id,
      rateeId: studio.id,
      value: 5,
      text: "تصوير ممتاز",
    });
    expect(await stored(tutor.id, studio.id)).toEqual({ value: 5, text: "تصوير ممتاز" });
  });

  it("lets a tutor manager who teaches rate their studio too", async () => {
    const manager = await createTutor({ role: Role.TutorManager });
    const studio = await createUser(Role.Studio);
    await photoSession(manager, studio);
    const response = await rate(manager, { rateeId: studio.id, value: 4 });
    expect(response.status).toBe(201);
    expect(await stored(manager.id, studio.id)).toEqual({ value: 4, text: null });
  });

  it("refuses a studio the tutor never had a session with", async () => {
    const tutor = await createTutor();
    const studio = await createUser(Role.Studio);
    await photoSession(tutor, await createUser(Role.Studio));
    const response = await rate(tutor, { rateeId: studio.id, value: 5 });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
    expect(await stored(tutor.id, studio.id)).toBeNull();
  });

  it("refuses while the studio has not uploaded the video yet", async () => {
    const tutor = await createTutor();
    const studio = await createUser(Role.Studio);
    await photoSession(tutor, studio, { video: false, status: "scheduled" });
    const response = await rate(tutor, { rateeId: studio.id, value: 5 });
    expect(response.body.code).toBe("forbidden");
    expect(await stored(tutor.id, studio.id)).toBeNull();
  });

  it("refuses another tutor of the same studio's session", async () => {
    const tutor = await createTutor();
    const studio = await createUser(Role.Studio);
    await photoSession(tutor, studio);
    const other = await createTutor();
    const response = await rate(other, { rateeId: studio.id, value: 2 });
    expect(response.body.code).toBe("forbidden");
    expect(await stored(other.id, studio.id)).toBeNull();
  });

  it("allows one rating per tutor and studio (rating-exists)", async () => {
    const tutor = await createTutor();
    const studio = await createUser(Role.Studio);
    await photoSession(tutor, studio);
    await rate(tutor, { rateeId: studio.id, value: 3 });
    const again = await rate(tutor, { rateeId: studio.id, value: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("rating-exists");
    expect(await stored(tutor.id, studio.id)).toEqual({ value: 3, text: null });
  });

  it("does not let a student rate a studio", async () => {
    const student = await createUser(Role.Student);
    const studio = await createUser(Role.Studio);
    const response = await rate(student, { rateeId: studio.id, value: 5 });
    expect(response.body.code).toBe("forbidden");
    expect(await stored(student.id, studio.id)).toBeNull();
  });

  it("is refused to a studio itself (undeclared role)", async () => {
    const studio = await createUser(Role.Studio);
    const response = await rate(studio, { rateeId: studio.id, value: 5 });
    expect(response.status).toBe(403);
    expect(await stored(studio.id, studio.id)).toBeNull();
  });

  it("shows the studio's ratings in its received list", async () => {
    const tutor = await createTutor();
    const studio = await createUser(Role.Studio);
    await photoSession(tutor, studio);
    await rate(tutor, { rateeId: studio.id, value: 4, text: "جيد جدا" });
    const response = await callContract(ratingContracts.byRatee, { params: { id: studio.id } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      total: 1,
      list: [{ raterId: tutor.id, value: 4, text: "جيد جدا" }],
    });
  });
});
