import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "@schema/enums";
import { loginFormSchema, registerFormSchema } from "../../web/src/features/auth/auth-forms";
import { codeFormSchema } from "../../web/src/features/verification/code-form";
import { CodeStep, startingStep } from "../../web/src/features/auth/forgot-password-flow";
import { LoginForm } from "../../web/src/features/auth/login-form";
import { RegisterForm } from "../../web/src/features/auth/register-form";
import { errorMessage as errorMessages } from "@schema/error-messages";
import { validateForm } from "../../web/src/lib/form";
import { renderWithApp } from "./render-with-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const validRegistration = {
  name: "Mona Ali",
  email: "mona@example.com",
  password: "secret-pass1",
  confirmPassword: "secret-pass1",
};

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A label matcher that ignores the required marker after the text. */
const startsWith = (label: string) => new RegExp(`^${label}`);

/** The input labelled `label`, and the text of the message it points to with aria-describedby. */
function fieldMessage(label: string): string {
  const input = screen.getByLabelText(startsWith(label));
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("login form validation", () => {
  it("asks for both fields", () => {
    expect(validateForm(loginFormSchema, { email: "", password: "" })).toEqual({
      ok: false,
      errors: { email: "required", password: "required" },
    });
  });

  it("rejects an email that breaks the shared rule", () => {
    expect(validateForm(loginFormSchema, { email: "mona@example", password: "x" })).toMatchObject({
      errors: { email: "invalid-email" },
    });
  });

  it("shows the Arabic message linked to the email field", async () => {
    renderWithApp(<LoginForm onSignedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText(startsWith("البريد الإلكتروني")), {
      target: { value: "not-an-email" },
    });
    fireEvent.change(screen.getByLabelText(startsWith("كلمة المرور")), { target: { value: "whatever" } });
    fireEvent.click(screen.getByRole("button", { name: "دخول" }));
    // The form loads its rules on submit (lib/form-state.ts), so the message shows a moment later.
    await waitFor(() => expect(fieldMessage("البريد الإلكتروني")).toContain(errorMessages["invalid-email"]));
    expect(screen.getByLabelText(startsWith("البريد الإلكتروني")).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a wrong password from the server as a form message", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      jsonResponse(400, { code: "wrong-password", message: "Wrong password" }),
    );
    renderWithApp(<LoginForm onSignedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText(startsWith("البريد الإلكتروني")), {
      target: { value: "mona@example.com" },
    });
    fireEvent.change(screen.getByLabelText(startsWith("كلمة المرور")), { target: { value: "secret-pass1" } });
    fireEvent.click(screen.getByRole("button", { name: "دخول" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(errorMessages["wrong-password"]));
  });
});

describe("register form validation", () => {
  it("accepts a valid student registration", () => {
    expect(validateForm(registerFormSchema(Role.Student), validRegistration)).toMatchObject({
      ok: true,
      data: { email: "mona@example.com" },
    });
  });

  it("applies the password rule's codes", () => {
    const check = (password: string) =>
      validateForm(registerFormSchema(Role.Student), {
        ...validRegistration,
        password,
        confirmPassword: password,
      });
    expect(check("a1!")).toMatchObject({ errors: { password: "short-password" } });
    expect(check("password1")).toMatchObject({ errors: { password: "invalid-password" } });
    expect(check("pass word1!")).toMatchObject({ errors: { password: "invalid-password" } });
  });

  it("requires the confirmation to match", () => {
    expect(
      validateForm(registerFormSchema(Role.Student), {
        ...validRegistration,
        confirmPassword: "other-pass1",
      }),
    ).toMatchObject({
      errors: { confirmPassword: "password-mismatch" },
    });
  });

  it("requires a tutor's name in Arabic", () => {
    expect(validateForm(registerFormSchema(Role.Tutor), validRegistration)).toMatchObject({
      errors: { name: "invalid-tutor-name" },
    });
    expect(
      validateForm(registerFormSchema(Role.Tutor), { ...validRegistration, name: "منى علي" }),
    ).toMatchObject({ ok: true });
  });

  it("puts the server's user-exists on the email field", async () => {
    // A fresh answer per call: the form also reads GET /config (whether Turnstile is on).
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      jsonResponse(409, { code: "user-exists", message: "exists" }),
    );
    renderWithApp(<RegisterForm role={Role.Student} onRegistered={() => {}} />);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(startsWith(label)), { target: { value } });
    type("الاسم", validRegistration.name);
    type("البريد الإلكتروني", validRegistration.email);
    type("كلمة المرور", validRegistration.password);
    type("تأكيد كلمة المرور", validRegistration.confirmPassword);
    fireEvent.click(screen.getByRole("button", { name: "إنشاء الحساب" }));
    await waitFor(() => expect(fieldMessage("البريد الإلكتروني")).toContain(errorMessages["user-exists"]));
  });

  it("maps server field errors onto their fields", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      jsonResponse(400, { code: "short-user-name", message: "bad", fields: { name: "short-user-name" } }),
    );
    renderWithApp(<RegisterForm role={Role.Student} onRegistered={() => {}} />);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(startsWith(label)), { target: { value } });
    type("الاسم", validRegistration.name);
    type("البريد الإلكتروني", validRegistration.email);
    type("كلمة المرور", validRegistration.password);
    type("تأكيد كلمة المرور", validRegistration.confirmPassword);
    fireEvent.click(screen.getByRole("button", { name: "إنشاء الحساب" }));
    await waitFor(() => expect(fieldMessage("الاسم")).toContain(errorMessages["short-user-name"]));
  });
});

describe("forgot password: code step", () => {
  it("accepts exactly 5 digits, Arabic-Indic digits included", () => {
    expect(validateForm(codeFormSchema, { code: "12345" })).toEqual({ ok: true, data: { code: "12345" } });
    expect(validateForm(codeFormSchema, { code: "١٢٣٤٥" })).toEqual({ ok: true, data: { code: "12345" } });
    expect(validateForm(codeFormSchema, { code: "1234" })).toMatchObject({
      errors: { code: "invalid-verification-code" },
    });
    expect(validateForm(codeFormSchema, { code: "12a45" })).toMatchObject({
      errors: { code: "invalid-verification-code" },
    });
    expect(validateForm(codeFormSchema, { code: "" })).toMatchObject({ errors: { code: "required" } });
  });

  it("shows the Arabic message for a bad code and moves on with a good one", () => {
    const onEntered = vi.fn();
    renderWithApp(
      <CodeStep
        email="mona@example.com"
        initialCode=""
        serverError={null}
        onChangeEmail={() => {}}
        onEntered={onEntered}
      />,
    );
    const codeInput = screen.getByLabelText(startsWith("رمز التحقق"));
    expect(codeInput.getAttribute("dir")).toBe("ltr");
    fireEvent.change(codeInput, { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "كمّل" }));
    expect(fieldMessage("رمز التحقق")).toContain(errorMessages["invalid-verification-code"]);
    expect(onEntered).not.toHaveBeenCalled();
    fireEvent.change(codeInput, { target: { value: "54321" } });
    fireEvent.click(screen.getByRole("button", { name: "كمّل" }));
    expect(onEntered).toHaveBeenCalledWith("54321");
  });

  it("jumps to the new-password step from a reset link with an email and a code", () => {
    expect(startingStep("Mona@Example.com", "54321")).toEqual({
      step: "password",
      email: "mona@example.com",
      code: "54321",
    });
    expect(startingStep("mona@example.com", null)).toMatchObject({ step: "code" });
    expect(startingStep("mona@example.com", "12")).toMatchObject({ step: "code" });
    expect(startingStep(null, null)).toMatchObject({ step: "email" });
  });
});
