import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { IntroVideoStatus, Role } from "../../schema/enums";
import { at } from "./factories-tutors";
import {
  daysAgo,
  insertDemo,
  insertIntroVideo,
  insertInterview,
  manager,
  managerSlot,
  tutorRow,
} from "./factories-onboarding";
import { callContract, register } from "./helpers";
import { demoSessionContracts } from "../../schema/api/demo-session";

const book = (token: string, tutorManagerId: number, start: string) =>
  callContract(demoSessionContracts.book, { token, body: { tutorManagerId, start } });

describe("booking a demo session", () => {
  it("books 30 minutes in the manager's DemoSession slot after an approved intro video", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Approved, daysAgo(1));
    await managerSlot(m.user.id, at(24 * 60), at(24 * 60 + 60), 4);
    const response = await book(tutor.token, m.user.id, at(24 * 60));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tutorId: tutor.user.id,
      tutorManagerId: m.user.id,
      status: 1,
      note: null,
    });
    expect(
      await env.DB.prepare("SELECT status FROM demo_sessions WHERE id = ?")
        .bind(response.body.id)
        .first("status"),
    ).toBe(1);
  });

  it("refuses a tutor without an approved intro video with intro-video-not-found", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Pending);
    await managerSlot(m.user.id, at(24 * 60), at(24 * 60 + 60), 4);
    expect((await book(tutor.token, m.user.id, at(24 * 60))).body.code).toBe("intro-video-not-found");
  });

  it("refuses a second one while one is pending with demo-session-exists", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Approved, daysAgo(1));
    await managerSlot(m.user.id, at(24 * 60), at(24 * 60 + 120), 1);
    expect((await book(tutor.token, m.user.id, at(24 * 60))).status).toBe(201);
    const response = await book(tutor.token, m.user.id, at(24 * 60 + 60));
    expect([response.status, response.body.code]).toEqual([409, "demo-session-exists"]);
  });

  it("refuses a time in an Interview-only slot with busy-tutor-manager", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Approved, daysAgo(1));
    await managerSlot(m.user.id, at(24 * 60), at(24 * 60 + 60), 3);
    expect((await book(tutor.token, m.user.id, at(24 * 60))).body.code).toBe("busy-tutor-manager");
  });
});

describe("deciding a demo session", () => {
  it("passes it and activates the tutor when it completes the steps", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Approved, daysAgo(1));
    await insertInterview(tutor.user.id, m.user.id, at(-48 * 60), 2, daysAgo(2));
    const id = await insertDemo(tutor.user.id, m.user.id, at(-60), 1);
    const response = await callContract(demoSessionContracts.update, {
      params: { id },
      token: m.token,
      body: { status: 2, feedback: "حصة ممتازة" },
    });
    expect([response.status, response.body.status]).toEqual([200, 2]);
    expect((await tutorRow(tutor.user.id))!.activated).toBe(1);
  });

  it("lets the tutor cancel before the start but not decide, nor cancel after the start", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    const future = await insertDemo(tutor.user.id, m.user.id, at(24 * 60), 1);
    expect(
      (
        await callContract(demoSessionContracts.update, {
          params: { id: future },
          token: tutor.token,
          body: { status: 2, feedback: "حصة ممتازة" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callContract(demoSessionContracts.update, {
          params: { id: future },
          token: tutor.token,
          body: { status: 5 },
        })
      ).status,
    ).toBe(200);
    const other = await register(Role.Tutor);
    const started = await insertDemo(other.user.id, m.user.id, at(-15), 1);
    expect(
      (
        await callContract(demoSessionContracts.update, {
          params: { id: started },
          token: other.token,
          body: { status: 5 },
        })
      ).body.code,
    ).toBe("illegal");
  });

  it("hides it from an unrelated tutor with demo-session-not-found", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    const id = await insertDemo(tutor.user.id, m.user.id, at(24 * 60), 1);
    const stranger = await register(Role.Tutor);
    expect(
      (await callContract(demoSessionContracts.get, { params: { id }, token: stranger.token })).body.code,
    ).toBe("demo-session-not-found");
    expect((await callContract(demoSessionContracts.list, { token: tutor.token })).body).toMatchObject({
      total: 1,
      list: [{ id }],
    });
  });
});
