import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Routes } from "react-router-dom";
import type { PlanView } from "@schema/api/plan";
import { bounds } from "@schema/rules";
import { ContactForm } from "../../web/src/features/contact/contact-form";
import { contactFormSchema } from "../../web/src/features/contact/contact-rules";
import {
  linkSourceOf,
  rememberLinkSource,
  rememberPageLinkSource,
  rememberedLinkSource,
} from "../../web/src/features/marketing/link-source";
import { footerGroups } from "../../web/src/features/marketing/site-footer";
import { pricingRows } from "../../web/src/features/marketing/pricing-rows";
import { resolveShortUrl, shortUrls } from "../../web/src/features/marketing/short-urls";
import {
  reportForm,
  reportFormSchema,
  screenshotProblem,
  technicalLog,
} from "../../web/src/features/reports/report-rules";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG";
import { marketing } from "../../web/src/i18n/ar-EG-marketing";
import { validateForm } from "../../web/src/lib/form";
import { documentTitle } from "../../web/src/lib/use-document-title";
import { FaqPage } from "../../web/src/pages/faq/faq-page";
import { renderWithApp } from "./render-with-app";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plan = (overrides: Partial<PlanView>): PlanView => ({
  id: 1,
  weeklyMinutes: 60,
  baseMonthPrice: 100_000,
  monthDiscount: 0,
  quarterDiscount: 0,
  yearDiscount: 0,
  monthPrice: 0,
  quarterPrice: 0,
  yearPrice: 0,
  active: true,
  inviteOnly: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...overrides,
});

describe("short URLs (/url/{name})", () => {
  it("leads a known name to its page", () => {
    expect(resolveShortUrl("tutor")).toBe("/tutor");
    expect(resolveShortUrl("Pricing")).toBe("/pricing");
  });

  it("carries a link-source code on as ?src=", () => {
    expect(resolveShortUrl("wa")).toBe("/?src=wa");
    expect(resolveShortUrl("mtd")).toBe("/tutor?src=mtd");
  });

  it("knows nothing of an unknown name or an inherited property", () => {
    expect(resolveShortUrl("nope")).toBeNull();
    expect(resolveShortUrl("constructor")).toBeNull();
    expect(resolveShortUrl(undefined)).toBeNull();
  });

  it("only leads to paths inside the app", () => {
    for (const target of Object.values(shortUrls)) expect(target).toMatch(/^\/(?!\/)/);
  });
});

describe("link sources", () => {
  it("remembers the link-source code a short link carried, and ignores anything else", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(linkSourceOf("SFB")).toBe("sfb");
    expect(linkSourceOf("pricing")).toBeNull();
    expect(rememberedLinkSource(storage)).toBeNull();
    rememberLinkSource("wa", storage);
    expect(rememberedLinkSource(storage)).toBe("wa");
    store.set("dars.linkSource", "billboard");
    expect(rememberedLinkSource(storage)).toBeNull();
  });

  it("keeps the ?src= a short link carried on, from the page's address, for the tab", () => {
    sessionStorage.clear();
    rememberPageLinkSource({ search: "?utm=x&src=WA" });
    expect(rememberedLinkSource()).toBe("wa");
    rememberPageLinkSource({ search: "?src=billboard" });
    expect(rememberedLinkSource()).toBe("wa");
  });

  it("adds the source to the report only when there is one", () => {
    const values = { title: "زر الحجز", description: "لا يحدث شيء عند الضغط" };
    expect(reportForm(values, { url: "/", screenshot: null, log: null, source: "wa" }).get("source")).toBe(
      "wa",
    );
    expect(reportForm(values, { url: "/", screenshot: null, log: null, source: null }).has("source")).toBe(
      false,
    );
  });
});

describe("pricing rows", () => {
  it("prices a plan with the shared function and shows the cheaper yearly month", () => {
    const [row] = pricingRows([plan({ monthDiscount: 0, quarterDiscount: 1000, yearDiscount: 2500 })]);
    // floor(100000 × 12 × 0.75) / 12 = 75000
    expect(row).toEqual({
      planId: 1,
      weeklyMinutes: 60,
      longLessonsPerWeek: 2,
      monthPrice: 100_000,
      yearMonthly: 75_000,
      bestDiscount: 0.25,
    });
  });

  it("hides the yearly line when the year is no cheaper", () => {
    expect(pricingRows([plan({})])[0]?.yearMonthly).toBeNull();
  });

  it("counts the weekly 30-minute lessons in correct Arabic", () => {
    const words = marketing.pricing.lessonsPerWeek;
    expect(words(1, "١")).toContain("حصة واحدة");
    expect(words(2, "٢")).toContain("حصتين");
    expect(words(4, "٤")).toContain("٤ حصص");
    expect(words(12, "١٢")).toContain("١٢ حصة");
  });

  it("leaves out inactive and invite-only plans and sorts by weekly minutes", () => {
    const rows = pricingRows([
      plan({ id: 1, weeklyMinutes: 120 }),
      plan({ id: 2, weeklyMinutes: 30 }),
      plan({ id: 3, inviteOnly: true }),
      plan({ id: 4, active: false }),
    ]);
    expect(rows.map((row) => row.planId)).toEqual([2, 1]);
  });
});

describe("the problem report form", () => {
  it("uses the server's title and description codes", () => {
    expect(validateForm(reportFormSchema, { title: "", description: "" })).toEqual({
      ok: false,
      errors: { title: "required", description: "required" },
    });
    expect(validateForm(reportFormSchema, { title: "خطأ", description: "قصير" })).toEqual({
      ok: false,
      errors: { title: "short-contact-title", description: "short-contact-message" },
    });
  });

  it("refuses a screenshot that is not an image or is over 8 MB before uploading", () => {
    expect(screenshotProblem(new File(["x"], "a.pdf", { type: "application/pdf" }))).toBe("invalid-type");
    const big = new File([new Uint8Array(bounds.fileBytes.reportScreenshot + 1)], "a.png", {
      type: "image/png",
    });
    expect(screenshotProblem(big)).toBe("large-file-size");
    expect(screenshotProblem(new File(["x"], "a.png", { type: "image/png" }))).toBeNull();
  });

  it("writes a technical log with the page, browser and user, and nothing else", () => {
    const log = technicalLog({
      url: "/t/5",
      userAgent: "UA/1",
      language: "ar-EG",
      viewport: "360x800",
      time: new Date("2026-11-22T10:00:00Z"),
      userId: 7,
    });
    expect(log).toBe(
      "time: 2026-11-22T10:00:00.000Z\nurl: /t/5\nuser-agent: UA/1\nlanguage: ar-EG\nviewport: 360x800\nuser: 7\n",
    );
  });

  it("appends the app's debug log lines, dropping the oldest when over 1 MB", () => {
    const context = {
      url: "/",
      userAgent: "UA",
      language: "ar",
      viewport: "1x1",
      time: new Date(0),
      userId: null,
    };
    expect(technicalLog({ ...context, lines: ["a [error] boom"] })).toMatch(/user: -\n\na \[error\] boom\n$/);
    const long = "x".repeat(400 * 1024);
    const log = technicalLog({ ...context, lines: [`first ${long}`, `second ${long}`, `third ${long}`] });
    expect(new Blob([log]).size).toBeLessThanOrEqual(bounds.fileBytes.reportLog);
    expect(log).not.toContain("first");
    expect(log).toContain("third");
  });

  it("sends the fields and files under the names the API reads", async () => {
    const screenshot = new File(["png"], "s.png", { type: "image/png" });
    const form = reportForm(
      { title: "زر الحجز", description: "لا يحدث شيء عند الضغط" },
      { url: "/plans", screenshot, log: "time: x\n" },
    );
    expect([form.get("title"), form.get("description"), form.get("url")]).toEqual([
      "زر الحجز",
      "لا يحدث شيء عند الضغط",
      "/plans",
    ]);
    expect(form.get("screenshot")).toBe(screenshot);
    const log = form.get("log") as File;
    expect([log.type, await log.text()]).toEqual(["text/plain", "time: x\n"]);
    expect(
      reportForm({ title: "a", description: "b" }, { url: "/", screenshot: null, log: null }).has("log"),
    ).toBe(false);
  });
});

describe("the contact form", () => {
  const valid = {
    name: "منى أحمد",
    email: "",
    phone: "٠١٠١٢٣٤٥٦٧٨",
    title: "سؤال عن الباقات",
    message: "هل يمكن تغيير الباقة؟",
  };

  it("accepts a phone alone, normalised, and drops the empty email", () => {
    expect(validateForm(contactFormSchema, valid)).toEqual({
      ok: true,
      data: {
        name: "منى أحمد",
        phone: "01012345678",
        title: "سؤال عن الباقات",
        message: "هل يمكن تغيير الباقة؟",
      },
    });
  });

  it("asks for an email or a phone", () => {
    expect(validateForm(contactFormSchema, { ...valid, phone: "" })).toEqual({
      ok: false,
      errors: { email: "contact-reply-needed" },
    });
  });

  it("sends the request and thanks the sender", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 1, createdAt: "x" }), {
          status: 201,
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderWithApp(<ContactForm />);
    fireEvent.change(screen.getByLabelText(/^الاسم/), { target: { value: "منى أحمد" } });
    fireEvent.change(screen.getByLabelText(/^البريد الإلكتروني/), { target: { value: "mona@example.com" } });
    fireEvent.change(screen.getByLabelText(/^الموضوع/), { target: { value: "سؤال عن الباقات" } });
    fireEvent.change(screen.getByLabelText(/^رسالتك/), {
      target: { value: "هل يمكن تغيير الباقة في منتصف الشهر؟" },
    });
    fireEvent.click(screen.getByRole("button", { name: "إرسال الرسالة" }));
    await waitFor(() => expect(screen.getByText("وصلتنا رسالتك")).toBeTruthy());
    // The form also reads GET /config (whether Turnstile is on): find the form's own request.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls.find(([called]) => String(called).includes("/contact-request/"))!;
    expect(url).toMatch(/\/api\/v1\/contact-request\/$/);
    expect(JSON.parse(String(init.body))).toEqual({
      name: "منى أحمد",
      email: "mona@example.com",
      title: "سؤال عن الباقات",
      message: "هل يمكن تغيير الباقة في منتصف الشهر؟",
      kind: "general",
    });
  });

  it("sends a request about the sender's personal data as kind data-rights", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 2, createdAt: "x" }), {
          status: 201,
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderWithApp(<ContactForm />);
    fireEvent.change(screen.getByLabelText(/^الاسم/), { target: { value: "منى أحمد" } });
    fireEvent.change(screen.getByLabelText(/^البريد الإلكتروني/), { target: { value: "mona@example.com" } });
    fireEvent.click(screen.getByRole("radio", { name: /بياناتي الشخصية/ }));
    fireEvent.change(screen.getByLabelText(/^الموضوع/), { target: { value: "نسخة من بياناتي" } });
    fireEvent.change(screen.getByLabelText(/^رسالتك/), {
      target: { value: "عايزة نسخة من كل البيانات اللي عندكم عني." },
    });
    fireEvent.click(screen.getByRole("button", { name: "إرسال الرسالة" }));
    await waitFor(() => expect(screen.getByText("وصلتنا رسالتك")).toBeTruthy());
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [, init] = calls.find(([called]) => String(called).includes("/contact-request/"))!;
    expect(JSON.parse(String(init.body))).toMatchObject({ kind: "data-rights", title: "نسخة من بياناتي" });
  });

  it("explains the 6-hour limit when the server answers 429", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: "too-many-requests", message: "x" }), {
            status: 429,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    renderWithApp(<ContactForm />);
    fireEvent.change(screen.getByLabelText(/^الاسم/), { target: { value: "منى أحمد" } });
    fireEvent.change(screen.getByLabelText(/^رقم الموبايل/), { target: { value: "01012345678" } });
    fireEvent.change(screen.getByLabelText(/^الموضوع/), { target: { value: "سؤال عن الباقات" } });
    fireEvent.change(screen.getByLabelText(/^رسالتك/), {
      target: { value: "هل يمكن تغيير الباقة في منتصف الشهر؟" },
    });
    fireEvent.click(screen.getByRole("button", { name: "إرسال الرسالة" }));
    await waitFor(() => expect(screen.getByText(/بعد ٦ ساعات/)).toBeTruthy());
  });

  it("has an Arabic message for its own code", () => {
    expect(errorMessage("contact-reply-needed")).toMatch(/البريد الإلكتروني أو رقم الموبايل/);
  });
});

describe("the public site", () => {
  it("names each page in the tab with the site name once", () => {
    expect(documentTitle("الأسعار والباقات")).toBe("الأسعار والباقات | درس");
    expect(documentTitle("درس | تعلّم الإنجليزي")).toBe("درس | تعلّم الإنجليزي");
  });

  it("links every public marketing page from the footer", () => {
    const paths = footerGroups.flatMap((group) => group.links.map((link) => link.to));
    for (const path of ["/about", "/method", "/pricing", "/tutor", "/faq", "/contact", "/terms", "/privacy"])
      expect(paths).toContain(path);
  });

  it("shows one role's questions at /faq/{role} and not-found for an unknown role", () => {
    const meta = document.createElement("meta");
    meta.name = "description";
    meta.content = "درس";
    document.head.append(meta);
    const at = (path: string) =>
      renderWithApp(
        <Routes location={path}>
          <Route path="/faq/:role?" element={<FaqPage />} />
        </Routes>,
      );
    at("/faq/tutor");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("أسئلة المدرّسين الشائعة");
    expect(screen.queryByText("مدة الحصة قد إيه؟")).toBeNull();
    expect(document.title).toBe("أسئلة المدرّسين الشائعة | درس");
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(
      /^إجابات سريعة/,
    );
    cleanup();
    at("/faq/parents");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(ar.errors.notFoundTitle);
    // Leaving the page puts the site's own description back.
    expect(meta.content).toBe("درس");
    meta.remove();
  });
});
