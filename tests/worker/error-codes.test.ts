import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { InterviewStatus, MessagingApp, PlanPeriod, Role, VerificationType } from "../../schema/enums";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import type { Env } from "../../worker/core/env";
import { tutor, verifiedStudent } from "./factories-chat";
import { createPlan, createStudent, storedSessionToken, subscribe } from "./factories-lessons";
import { insertInterview, manager } from "./factories-onboarding";
import { at } from "./factories-tutors";
import { callContract, createUserWithRole, latestMessage, register } from "./helpers";
import { confirmationCodeContracts } from "../../schema/api/confirmation-code";
import { userContracts } from "../../schema/api/user";
import { interviewContracts } from "../../schema/api/interview";
import { couponContracts } from "../../schema/api/coupon";
import { chatContracts } from "../../schema/api/chat";
import { paymentContracts } from "../../schema/api/payment";
import { vapidSettings } from "./push-keys";

/**
 * The catalogue codes no other worker test made the API answer with (tests/schema/error-coverage
 * lists them): each one produced here through the API, with what was (not) stored.
 */

const count = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<number>("n");

describe("phone verification codes", () => {
  it("refuses a right code for a number it was not sent to with incorrect-phone, and the code still works", async () => {
    const { user, token } = await register();
    await callContract(confirmationCodeContracts.sendPhoneCode, {
      token,
      body: { phone: "01012345678", method: MessagingApp.Whatsapp },
    });
    const { code } = await latestMessage("01012345678");
    const wrong = await callContract(confirmationCodeContracts.verifyPhone, {
      token,
      body: { code: code!, method: MessagingApp.Whatsapp, phone: "01112345678" },
    });
    expect([wrong.status, wrong.body.code, wrong.body.fields]).toEqual([
      400,
      "incorrect-phone",
      { phone: "incorrect-phone" },
    ]);
    expect(
      await env.DB.prepare("SELECT phone, verified_phone FROM users WHERE id = ?").bind(user.id).first(),
    ).toEqual({ phone: null, verified_phone: 0 });
    const right = await callContract(confirmationCodeContracts.verifyPhone, {
      token,
      body: { code: code!, method: MessagingApp.Whatsapp, phone: "+20 10 1234 5678" },
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ phone: "01012345678", verifiedPhone: true });
  });

  it("answers unresolved-phone outside the local environment when the Telegram bot cannot reach the number, and issues no code", async () => {
    const { user } = await register();
    const secret = "s".repeat(40);
    const staging = {
      ...env,
      ENVIRONMENT: "staging",
      TOKEN_SECRET: secret,
      FAWRY_BASE_URL: "https://atfawry.fawrystaging.com",
      FAWRY_MERCHANT_CODE: "400000012345",
      FAWRY_SECURE_KEY: "secure-key",
      // The email provider and TURN, also required outside local (worker/core/env.ts).
      EMAIL_API_URL: "https://api.resend.com/emails",
      EMAIL_API_KEY: "re_test",
      ICE_SERVERS: JSON.stringify([{ urls: "turn:turn.dars.test:3478", username: "u", credential: "c" }]),
      ...vapidSettings,
    } as Env;
    const request = new Request("https://dars.test/api/v1/confirmation-code/phone/send", {
      method: "POST",
      headers: {
        authorization: `Bearer ${await storedSessionToken(user.id, secret)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ phone: "01512345678", method: MessagingApp.Telegram }),
    });
    const response = await createApp(emulators).fetch(request, staging, createExecutionContext());
    const body = await response.json<{ code: string }>();
    expect([response.status, body.code]).toEqual([422, "unresolved-phone"]);
    expect(
      await count(
        "SELECT count(*) AS n FROM confirmation_codes WHERE user_id = ? AND type = ?",
        user.id,
        VerificationType.VerifyTelegram,
      ),
    ).toBe(0);
  });
});

describe("profile birth year", () => {
  it("refuses a user younger than 10 with young-user and keeps the stored year", async () => {
    const { user, token } = await register();
    const thisYear = new Date().getUTCFullYear();
    const young = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { birthYear: thisYear - 9 },
    });
    expect([young.status, young.body.code, young.body.fields]).toEqual([
      400,
      "young-user",
      { birthYear: "young-user" },
    ]);
    expect(
      await env.DB.prepare("SELECT birth_year FROM users WHERE id = ?").bind(user.id).first("birth_year"),
    ).toBeNull();
    expect(
      (
        await callContract(userContracts.update, {
          params: { id: user.id },
          token,
          body: { birthYear: thisYear - 10 },
        })
      ).body.birthYear,
    ).toBe(thisYear - 10);
  });
});

describe("interview feedback and note (PATCH /interview)", () => {
  it.each([
    [
      "feedback with an event handler",
      "invalid-interview-feedback-html",
      { feedback: '<p onclick="steal()">أداء جيد</p>' },
      "feedback",
    ],
    ["feedback of 1001 characters", "long-interview-feedback", { feedback: "ج".repeat(1001) }, "feedback"],
    ["a 2-character note", "short-interview-note", { feedback: "أداء جيد جدًا", note: "لا" }, "note"],
    [
      "a note of 1001 visible characters",
      "long-interview-note",
      { feedback: "أداء جيد جدًا", note: `<p>${"م".repeat(1001)}</p>` },
      "note",
    ],
  ])("refuses %s with %s and leaves the interview pending", async (_case, code, text, field) => {
    const m = await manager();
    const interviewee = await register(Role.Tutor);
    const id = await insertInterview(interviewee.user.id, m.user.id, at(-60), InterviewStatus.Pending);
    const response = await callContract(interviewContracts.update, {
      token: m.token,
      body: { id, status: InterviewStatus.Passed, level: 3, ...text },
    });
    expect([response.status, response.body.code, response.body.fields![field]]).toEqual([400, code, code]);
    expect(
      await env.DB.prepare("SELECT status, feedback, note FROM interviews WHERE id = ?").bind(id).first(),
    ).toEqual({
      status: InterviewStatus.Pending,
      feedback: null,
      note: null,
    });
  });
});

describe("coupon fields (POST /coupon)", () => {
  const inAWeek = () => new Date(Date.now() + 7 * 864e5).toISOString();

  it.each([
    [{ code: "A B!", discount: 1000 }, "invalid-coupon-code", "code"],
    [{ code: "XY", discount: 1000 }, "invalid-coupon-code", "code"],
    [{ code: "ZERO10", discount: 0 }, "zero-coupon-discount", "discount"],
    [{ code: "OVER10", discount: 10001 }, "max-coupon-discount-exceeded", "discount"],
    [{ code: "BADDATE", discount: 1000, expiresAt: "2030-02-31" }, "invalid-coupon-expire-date", "expiresAt"],
    [{ code: "NODATE", discount: 1000, expiresAt: "next week" }, "invalid-coupon-expire-date", "expiresAt"],
  ])("refuses %j with %s and stores no coupon", async (fields, code, field) => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const response = await callContract(couponContracts.create, {
      token: admin.token,
      body: { expiresAt: inAWeek(), ...fields },
    });
    expect([response.status, response.body.code, response.body.fields![field]]).toEqual([400, code, code]);
    expect(await count("SELECT count(*) AS n FROM coupons WHERE upper(code) = upper(?)", fields.code)).toBe(
      0,
    );
  });
});

describe("chat message text (POST /chat/new)", () => {
  it.each([
    ["with an event handler", "invalid-message-html", '<img src="x" onerror="alert(1)">مرحبًا'],
    ["with a script", "invalid-message-html", "<script>alert(1)</script>مرحبًا"],
    ["of 1001 characters", "long-message-text", "م".repeat(1001)],
  ])("refuses a message %s with %s and opens no room", async (_case, code, message) => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const response = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: teacher.user.id, message },
    });
    expect([response.status, response.body.code, response.body.fields]).toEqual([
      400,
      code,
      { message: code },
    ]);
    expect(
      await count("SELECT count(*) AS n FROM chat_room_members WHERE user_id = ?", student.user.id),
    ).toBe(0);
  });

  it("accepts a message of exactly 1000 characters", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const response = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: teacher.user.id, message: "م".repeat(1000) },
    });
    expect(response.status).toBe(201);
    expect(response.body.message.text).toBe("م".repeat(1000));
  });
});

describe("checkout with an active subscription (POST /fawry/pay/ref-num)", () => {
  it("refuses a student who already has an active subscription with subscription-exists and creates no order", async () => {
    const student = await createStudent();
    await subscribe(student.id);
    const planId = await createPlan();
    const response = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect([response.status, response.body.code]).toEqual([409, "subscription-exists"]);
    expect(await count("SELECT count(*) AS n FROM transactions WHERE user_id = ?", student.id)).toBe(0);
  });
});
