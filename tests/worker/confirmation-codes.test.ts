import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MessagingApp, Role } from "../../schema/enums";
import { callContract, latestMessage, PASSWORD, register, uniqueEmail, wrongCode } from "./helpers";
import { confirmationCodeContracts } from "../../schema/api/confirmation-code";
import { authContracts } from "../../schema/api/auth";
import { devContracts } from "../../schema/api/dev";

describe("email verification", () => {
  it("verifies the email with the code from the registration message", async () => {
    const { user, token } = await register();
    const message = await latestMessage(user.email);
    expect(message.channel).toBe("email");
    expect(message.body).toContain(message.code!);
    const response = await callContract(confirmationCodeContracts.confirmEmail, {
      token,
      body: { code: message.code! },
    });
    expect(response.status).toBe(200);
    expect(response.body.verifiedEmail).toBe(true);
    const again = await callContract(confirmationCodeContracts.confirmEmail, {
      token,
      body: { code: message.code! },
    });
    expect(again.body.code).toBe("email-already-verified");
    expect((await callContract(confirmationCodeContracts.sendEmailCode, { token })).body.code).toBe(
      "email-already-verified",
    );
  });

  it("accepts the code typed in Arabic-Indic digits", async () => {
    const { user, token } = await register();
    const { code } = await latestMessage(user.email);
    const arabic = code!.replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]!);
    const response = await callContract(confirmationCodeContracts.confirmEmail, {
      token,
      body: { code: arabic },
    });
    expect(response.body.verifiedEmail).toBe(true);
  });

  it("replaces the code on resend: the old one stops working", async () => {
    const { user, token } = await register();
    const first = (await latestMessage(user.email)).code!;
    expect((await callContract(confirmationCodeContracts.sendEmailCode, { token })).status).toBe(200);
    const second = (await latestMessage(user.email)).code!;
    if (first !== second) {
      const old = await callContract(confirmationCodeContracts.confirmEmail, {
        token,
        body: { code: first },
      });
      expect(old.body.code).toBe("invalid-verification-code");
    }
    const response = await callContract(confirmationCodeContracts.confirmEmail, {
      token,
      body: { code: second },
    });
    expect(response.body.verifiedEmail).toBe(true);
  });

  it("burns the code after 5 wrong tries, even for the right code afterwards", async () => {
    const { user, token } = await register();
    const { code } = await latestMessage(user.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await callContract(confirmationCodeContracts.confirmEmail, {
        token,
        body: { code: wrongCode(code!) },
      });
      expect(wrong.body.code).toBe("invalid-verification-code");
    }
    const late = await callContract(confirmationCodeContracts.confirmEmail, { token, body: { code: code! } });
    expect(late.body.code).toBe("invalid-verification-code");
    const stored = await env.DB.prepare("SELECT verified_email FROM users WHERE id = ?")
      .bind(user.id)
      .first();
    expect(stored).toEqual({ verified_email: 0 });
  });

  it("refuses an expired code with expired-verification-code", async () => {
    const { user, token } = await register();
    const { code } = await latestMessage(user.email);
    await env.DB.prepare("UPDATE confirmation_codes SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    const response = await callContract(confirmationCodeContracts.confirmEmail, {
      token,
      body: { code: code! },
    });
    expect([response.status, response.body.code]).toEqual([400, "expired-verification-code"]);
  });

  it("checks the code's shape and limits how many codes are sent", async () => {
    const { token } = await register();
    const malformed = await callContract(confirmationCodeContracts.confirmEmail, {
      token,
      body: { code: "0123" },
    });
    expect(malformed.body.code).toBe("invalid-verification-code");
    for (let i = 0; i < 5; i++)
      expect((await callContract(confirmationCodeContracts.sendEmailCode, { token })).status).toBe(200);
    const limited = await callContract(confirmationCodeContracts.sendEmailCode, { token });
    expect([limited.status, limited.body.code]).toEqual([429, "too-many-requests"]);
  });
});

describe("forgot password", () => {
  it("resets the password with the emailed code and signs the user in", async () => {
    const { user } = await register();
    const send = await callContract(confirmationCodeContracts.sendPasswordCode, {
      body: { email: user.email },
    });
    expect(send.status).toBe(200);
    const message = await latestMessage(user.email);
    expect(message.subject).toContain("كلمة المرور");
    const confirm = await callContract(confirmationCodeContracts.confirmPassword, {
      body: { email: user.email, code: message.code!, password: "Fresh#Pass9" },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.token).toBeTruthy();
    expect(
      (await callContract(authContracts.password, { body: { email: user.email, password: PASSWORD } })).body
        .code,
    ).toBe("wrong-password");
    expect(
      (await callContract(authContracts.password, { body: { email: user.email, password: "Fresh#Pass9" } }))
        .status,
    ).toBe(200);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const response = await callContract(confirmationCodeContracts.sendPasswordCode, { body: { email } });
    expect(response.status).toBe(200);
    const mailbox = await callContract(devContracts.outbox, { query: { to: email } });
    expect(mailbox.body.total).toBe(0);
  });

  it("keeps the old password when the code is wrong or the new password is weak", async () => {
    const { user } = await register();
    await callContract(confirmationCodeContracts.sendPasswordCode, { body: { email: user.email } });
    const { code } = await latestMessage(user.email);
    const weak = await callContract(confirmationCodeContracts.confirmPassword, {
      body: { email: user.email, code: code!, password: "weak" },
    });
    expect(weak.body.code).toBe("short-password");
    const wrong = await callContract(confirmationCodeContracts.confirmPassword, {
      body: { email: user.email, code: wrongCode(code!), password: "Fresh#Pass9" },
    });
    expect(wrong.body.code).toBe("invalid-verification-code");
    expect(
      (await callContract(authContracts.password, { body: { email: user.email, password: PASSWORD } }))
        .status,
    ).toBe(200);
  });
});

describe("phone verification", () => {
  it("verifies a phone over WhatsApp and stores it with the notification method", async () => {
    const { token } = await register(Role.Tutor);
    const send = await callContract(confirmationCodeContracts.sendPhoneCode, {
      token,
      body: { phone: "٠١٠١٢٣٤٥٦٧٨", method: MessagingApp.Whatsapp },
    });
    expect(send.status).toBe(200);
    const message = await latestMessage("01012345678");
    expect(message.channel).toBe("whatsapp");
    const verify = await callContract(confirmationCodeContracts.verifyPhone, {
      token,
      body: { code: message.code!, method: MessagingApp.Whatsapp },
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      phone: "01012345678",
      verifiedPhone: true,
      notificationMethod: MessagingApp.Whatsapp,
    });
    const again = await callContract(confirmationCodeContracts.sendPhoneCode, {
      token,
      body: { phone: "01012345678", method: MessagingApp.Whatsapp },
    });
    expect(again.body.code).toBe("phone-already-verified");
  });

  it("sends over Telegram locally and keeps codes of the two apps apart", async () => {
    const { token } = await register();
    await callContract(confirmationCodeContracts.sendPhoneCode, {
      token,
      body: { phone: "01512345678", method: MessagingApp.Telegram },
    });
    const message = await latestMessage("01512345678");
    expect(message.channel).toBe("telegram");
    const crossed = await callContract(confirmationCodeContracts.verifyPhone, {
      token,
      body: { code: message.code!, method: MessagingApp.Whatsapp },
    });
    expect(crossed.body.code).toBe("invalid-verification-code");
    const verify = await callContract(confirmationCodeContracts.verifyPhone, {
      token,
      body: { code: message.code!, method: MessagingApp.Telegram },
    });
    expect(verify.body.notificationMethod).toBe(MessagingApp.Telegram);
  });

  it("refuses a phone that is not an Egyptian mobile number", async () => {
    const { token } = await register();
    const response = await callContract(confirmationCodeContracts.sendPhoneCode, {
      token,
      body: { phone: "01312345678", method: MessagingApp.Whatsapp },
    });
    expect([response.status, response.body.code, response.body.fields!.phone]).toEqual([
      400,
      "invalid-phone",
      "invalid-phone",
    ]);
  });
});
