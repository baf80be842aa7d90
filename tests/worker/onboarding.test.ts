import { describe, expect, it } from "vitest";
import { IntroVideoStatus, Role } from "../../schema/enums";
import { at } from "./factories-tutors";
import { daysAgo, insertIntroVideo, insertInterview, manager, tutorRow } from "./factories-onboarding";
import { callContract, createUserWithRole, register } from "./helpers";
import { onboardingContracts } from "../../schema/api/onboarding";

describe("the onboarding steps", () => {
  it("starts with the support group as the current step and every step to do", async () => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(onboardingContracts.get, { token: tutor.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      activated: false,
      current: "supportGroup",
      supportGroup: { joined: false, next: "join" },
      introVideo: { state: "todo", next: "upload" },
      interview: { state: "todo", next: "book" },
      demoSession: { state: "todo", next: "wait" },
    });
  });

  it("marks the support group joined and moves on to the intro video", async () => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(onboardingContracts.joinSupportGroup, { token: tutor.token });
    expect(response.body).toMatchObject({
      supportGroup: { joined: true, next: "done" },
      current: "introVideo",
    });
    expect((await tutorRow(tutor.user.id))!.support_group_joined).toBe(1);
  });

  it("shows a rejected interview with the date a new one may be booked", async () => {
    const m = await manager();
    const tutor = await register(Role.Tutor);
    await insertIntroVideo(tutor.user.id, IntroVideoStatus.Pending);
    await insertInterview(tutor.user.id, m.user.id, at(-10 * 24 * 60), 3, daysAgo(10));
    const response = await callContract(onboardingContracts.get, { token: tutor.token });
    expect(response.body.introVideo).toMatchObject({ state: "pending", next: "wait-review" });
    expect(response.body.interview).toMatchObject({ state: "rejected", next: "wait" });
    expect(response.body.interview.retryAt! > new Date().toISOString()).toBe(true);
  });

  it("lets staff read a tutor's steps and forbids another tutor", async () => {
    const tutor = await register(Role.Tutor);
    const m = await manager();
    expect(
      (await callContract(onboardingContracts.get, { query: { tutorId: tutor.user.id }, token: m.token }))
        .body.tutorId,
    ).toBe(tutor.user.id);
    const other = await register(Role.Tutor);
    expect(
      (await callContract(onboardingContracts.get, { query: { tutorId: tutor.user.id }, token: other.token }))
        .status,
    ).toBe(403);
  });
});

describe("activation by an admin", () => {
  it("activates and deactivates a tutor", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const tutor = await register(Role.Tutor);
    const on = await callContract(onboardingContracts.update, {
      params: { id: tutor.user.id },
      token: admin.token,
      body: { activated: true },
    });
    expect(on.body).toEqual({ tutorId: tutor.user.id, activated: true, bypassOnboarding: false });
    await callContract(onboardingContracts.update, {
      params: { id: tutor.user.id },
      token: admin.token,
      body: { activated: false },
    });
    expect((await tutorRow(tutor.user.id))!.activated).toBe(0);
  });

  it("sets bypass onboarding, which activates the tutor", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const tutor = await register(Role.Tutor);
    await callContract(onboardingContracts.update, {
      params: { id: tutor.user.id },
      token: admin.token,
      body: { bypassOnboarding: true },
    });
    expect(await tutorRow(tutor.user.id)).toMatchObject({ activated: 1, bypass_onboarding: 1 });
  });

  it("answers tutor-not-found for a student and forbids a tutor", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const student = await register(Role.Student);
    expect(
      (
        await callContract(onboardingContracts.update, {
          params: { id: student.user.id },
          token: admin.token,
          body: { activated: true },
        })
      ).body.code,
    ).toBe("tutor-not-found");
    const tutor = await register(Role.Tutor);
    expect(
      (
        await callContract(onboardingContracts.update, {
          params: { id: tutor.user.id },
          token: tutor.token,
          body: { activated: true },
        })
      ).status,
    ).toBe(403);
  });
});
