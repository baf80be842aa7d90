import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "@schema/enums";
import { RegisterForm } from "../../web/src/features/auth/register-form";
import { ContactForm } from "../../web/src/features/contact/contact-form";
import { renderWithApp } from "./render-with-app";

type Call = [string, RequestInit];

/** The API: /config with or without a site key; every other call answers 201. */
function api(siteKey: string | null) {
  const fetchMock = vi.fn(async (url: string) =>
    String(url).endsWith("/config")
      ? Response.json({ googleClientId: null, turnstileSiteKey: siteKey, environment: "local" })
      : Response.json({ id: 1, createdAt: "x", user: { id: 1 }, token: "t" }, { status: 201 }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Cloudflare's widget, stubbed: it solves at once with a token. */
function widgetSolves(token: string) {
  const render = vi.fn((_container: HTMLElement, options: Record<string, unknown>) => {
    (options.callback as (value: string) => void)(token);
    return "widget-1";
  });
  window.turnstile = { render, reset: vi.fn(), remove: vi.fn() };
  return render;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.turnstile;
});

const fillContact = () => {
  fireEvent.change(screen.getByLabelText(/^الاسم/), { target: { value: "منى أحمد" } });
  fireEvent.change(screen.getByLabelText(/^البريد الإلكتروني/), { target: { value: "mona@example.com" } });
  fireEvent.change(screen.getByLabelText(/^الموضوع/), { target: { value: "سؤال عن الباقات" } });
  fireEvent.change(screen.getByLabelText(/^رسالتك/), {
    target: { value: "هل يمكن تغيير الباقة في منتصف الشهر؟" },
  });
};
const contactCall = (fetchMock: ReturnType<typeof api>) =>
  (fetchMock.mock.calls as unknown as Call[]).find(([url]) => String(url).includes("/contact-request/"));

describe("Turnstile on the public forms", () => {
  it("shows the widget with its Arabic label and sends its token in x-turnstile-token", async () => {
    const fetchMock = api("0x4AAAAAAA-site");
    const render = widgetSolves("solved-token");
    renderWithApp(<ContactForm />);
    await waitFor(() => expect(screen.getByRole("group", { name: "تحقق أنك لست روبوتًا" })).toBeTruthy());
    await waitFor(() =>
      expect(render).toHaveBeenCalledWith(
        expect.any(HTMLElement),
        expect.objectContaining({ sitekey: "0x4AAAAAAA-site" }),
      ),
    );
    fillContact();
    fireEvent.click(screen.getByRole("button", { name: "إرسال الرسالة" }));
    await waitFor(() => expect(contactCall(fetchMock)).toBeTruthy());
    expect(new Headers(contactCall(fetchMock)![1].headers).get("x-turnstile-token")).toBe("solved-token");
  });

  it("waits for a widget still solving when the person registers first, then sends its token", async () => {
    const fetchMock = api("0x4AAAAAAA-site");
    let solve: (token: string) => void = () => undefined;
    window.turnstile = {
      render: vi.fn((_container: HTMLElement, options: Record<string, unknown>) => {
        solve = options.callback as (value: string) => void;
        return "widget-1";
      }),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    renderWithApp(<RegisterForm role={Role.Student} onRegistered={() => {}} />);
    await waitFor(() => expect(window.turnstile!.render).toHaveBeenCalled());
    fireEvent.change(screen.getByLabelText(/^الاسم/), { target: { value: "منى أحمد" } });
    fireEvent.change(screen.getByLabelText(/^البريد الإلكتروني/), { target: { value: "mona@example.com" } });
    for (const field of screen.getAllByLabelText(/كلمة المرور/))
      fireEvent.change(field, { target: { value: "Strong#Pass1" } });
    fireEvent.click(screen.getByRole("button", { name: "إنشاء الحساب" }));
    const registration = () =>
      (fetchMock.mock.calls as unknown as Call[]).find(([url]) => String(url).endsWith("/user/"));
    // Nothing goes while the check is on its way; the token goes once it arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(registration()).toBeUndefined();
    solve("late-token");
    await waitFor(() => expect(registration()).toBeTruthy());
    expect(new Headers(registration()![1].headers).get("x-turnstile-token")).toBe("late-token");
  });

  it("shows no widget and sends no token when the deployment has no site key", async () => {
    const fetchMock = api(null);
    renderWithApp(<RegisterForm role={Role.Student} onRegistered={() => {}} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole("group", { name: "تحقق أنك لست روبوتًا" })).toBeNull();
  });
});
