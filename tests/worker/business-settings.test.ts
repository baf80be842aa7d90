import { env } from "cloudflare:workers";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { defaultBusinessSettings, type BusinessSettings } from "../../schema/pricing";
import {
  addMinutes,
  book,
  createStudent,
  createUser,
  gridTime,
  subscribe,
  tutorFreeAt,
  type Session,
} from "./factories-lessons";
import { call, callContract } from "./helpers";
import { platformSettingsContracts } from "../../schema/api/platform-settings";
import { systemContracts } from "../../schema/api/system";
import { lessonContracts } from "../../schema/api/lesson";
import { subscriptionContracts } from "../../schema/api/subscription";

const put = (token: string, body: unknown) =>
  call("PUT", "/api/v1/platform-settings/business", { token, body });
const numbers = (overrides: Partial<BusinessSettings> = {}): BusinessSettings => ({
  ...defaultBusinessSettings,
  ...overrides,
});
const storedLesson = (id: number) =>
  env.DB.prepare("SELECT price, tutor_earning AS tutorEarning FROM lessons WHERE id = ?")
    .bind(id)
    .first<{ price: number; tutorEarning: number }>();

let superAdmin: Session;

// Every test starts from the defaults, set through the API (so this isolate's cache follows).
beforeEach(async () => {
  superAdmin ??= await createUser(Role.SuperAdmin);
  expect((await put(superAdmin.token, numbers())).status).toBe(200);
});

afterAll(async () => {
  await put(superAdmin.token, numbers());
});

describe("platform settings: the business numbers", () => {
  it("lets a SuperAdmin set the lesson price, tutor rate, trial, cancel window and refund fee, shows them to admins and the public config, and lists the change", async () => {
    const chosen = {
      hourlyRate: 30_000,
      tutorHourlyRate: 18_000,
      trialMinutes: 30,
      cancelWindowHours: 12,
      refundFeeBasisPoints: 250,
    };
    const response = await put(superAdmin.token, chosen);
    expect(response.status).toBe(200);
    expect(response.body.business).toMatchObject({ ...chosen, updatedBy: superAdmin.id });
    const regular = await createUser(Role.RegularAdmin);
    const read = await callContract(platformSettingsContracts.get, { token: regular.token });
    expect(read.status).toBe(200);
    expect(read.body.business).toMatchObject(chosen);
    expect(read.body.business.history[0]).toMatchObject({
      actorId: superAdmin.id,
      before: defaultBusinessSettings,
      after: chosen,
    });
    const stored = await env.DB.prepare("SELECT value FROM platform_settings WHERE key = 'business'").first<{
      value: string;
    }>();
    expect(JSON.parse(stored!.value)).toEqual(chosen);
    const audit = await env.DB.prepare(
      "SELECT action, actor_id AS actorId FROM audit_log WHERE target_id = 'business' ORDER BY id DESC LIMIT 1",
    ).first();
    expect(audit).toEqual({ action: "settings.update", actorId: superAdmin.id });
    const config = await callContract(systemContracts.config);
    expect(config.body.business).toEqual(chosen);
  });

  it.each([
    [{ hourlyRate: 0 }, "non-positive-lesson-rate", "hourlyRate"],
    [{ tutorHourlyRate: -1 }, "non-positive-tutor-rate", "tutorHourlyRate"],
    [{ hourlyRate: 10_000, tutorHourlyRate: 12_000 }, "tutor-rate-above-lesson-rate", "tutorHourlyRate"],
    [{ trialMinutes: 20 }, "invalid-trial-minutes", "trialMinutes"],
    [{ cancelWindowHours: 49 }, "invalid-cancel-window", "cancelWindowHours"],
    [{ refundFeeBasisPoints: 1_001 }, "invalid-refund-fee", "refundFeeBasisPoints"],
  ])("refuses %j with its code, storing nothing", async (change, code, field) => {
    const response = await put(superAdmin.token, numbers(change as Partial<BusinessSettings>));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, fields: { [field]: code } });
    const config = await callContract(systemContracts.config);
    expect(config.body.business).toEqual(defaultBusinessSettings);
  });

  it("refuses a regular admin's change with forbidden", async () => {
    const regular = await createUser(Role.RegularAdmin);
    const response = await put(regular.token, numbers({ hourlyRate: 1 }));
    expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
    expect((await callContract(systemContracts.config)).body.business.hourlyRate).toBe(
      defaultBusinessSettings.hourlyRate,
    );
  });
});

describe("new lessons and orders follow the numbers in force", () => {
  it("keeps a lesson booked before a rate change at its old price and earnings, and books the next at the new rates", async () => {
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 120 });
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start, 3, { notice: 1 });
    const before = await book(student, tutor.id, start, 30);
    expect(before.status).toBe(201);
    expect(
      (await put(superAdmin.token, numbers({ hourlyRate: 30_000, tutorHourlyRate: 20_000 }))).status,
    ).toBe(200);
    const after = await book(student, tutor.id, addMinutes(start, 60), 30);
    expect(after.status).toBe(201);
    expect(await storedLesson(before.body.id)).toEqual({ price: 12_750, tutorEarning: 7_500 });
    expect(await storedLesson(after.body.id)).toEqual({ price: 15_000, tutorEarning: 10_000 });
    // Moving the old lesson keeps the rates it was booked at.
    const moved = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: before.body.id, start: addMinutes(start, 120).toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(await storedLesson(before.body.id)).toEqual({ price: 12_750, tutorEarning: 7_500 });
  });

  it("applies a longer cancel window to the next cancellation, and a shorter one lets it through", async () => {
    const student = await createStudent();
    await subscribe(student.id);
    const start = gridTime(8);
    const tutor = await tutorFreeAt(start, 2, { notice: 1 });
    const booked = await book(student, tutor.id, start, 15);
    expect(booked.status).toBe(201);
    expect((await put(superAdmin.token, numbers({ cancelWindowHours: 12 }))).status).toBe(200);
    const refused = await callContract(lessonContracts.cancel, {
      params: { id: booked.body.id },
      token: student.token,
    });
    expect([refused.status, refused.body.code]).toEqual([422, "lesson-cancel-window-passed"]);
    expect((await put(superAdmin.token, numbers({ cancelWindowHours: 2 }))).status).toBe(200);
    const canceled = await callContract(lessonContracts.cancel, {
      params: { id: booked.body.id },
      token: student.token,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.state).toBe("canceled");
  });

  it("turns the trial off (subscription-required) and lengthens it to 30 minutes", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(start, 3, { notice: 1 });
    expect((await put(superAdmin.token, numbers({ trialMinutes: 0 }))).status).toBe(200);
    const first = await createStudent();
    const refused = await book(first, tutor.id, start, 15);
    expect([refused.status, refused.body.code]).toEqual([422, "subscription-required"]);
    expect((await put(superAdmin.token, numbers({ trialMinutes: 30 }))).status).toBe(200);
    const trial = await book(first, tutor.id, start, 30);
    expect(trial.status).toBe(201);
    expect(trial.body.isTrial).toBe(true);
  });

  it("quotes the cancellation refund with the refund fee in force and the lesson rate the order was bought at", async () => {
    const student = await createStudent();
    const before = await subscribe(student.id, { amount: 50_000 });
    expect(
      (
        await put(
          superAdmin.token,
          numbers({ refundFeeBasisPoints: 250, hourlyRate: 30_000, tutorHourlyRate: 15_000 }),
        )
      ).status,
    ).toBe(200);
    const later = await createStudent();
    const after = await subscribe(later.id, { amount: 50_000 });
    const kept = (id: number) =>
      env.DB.prepare("SELECT lesson_hourly_rate AS rate FROM subscriptions WHERE id = ?")
        .bind(id)
        .first<{ rate: number }>();
    expect(await kept(before.id)).toEqual({ rate: 25_500 });
    expect(await kept(after.id)).toEqual({ rate: 30_000 });
    const laterQuote = await callContract(subscriptionContracts.current, { token: later.token });
    expect(laterQuote.body.refundInputs).toMatchObject({ feeBasisPoints: 250, hourlyRate: 30_000 });
    const quote = await callContract(subscriptionContracts.current, { token: student.token });
    expect(quote.body.refundInputs).toMatchObject({
      amount: 50_000,
      feeBasisPoints: 250,
      hourlyRate: 25_500,
    });
    const canceled = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect(canceled.status).toBe(200);
    expect(canceled.body.refundAmount).toBe(48_750);
  });
});
