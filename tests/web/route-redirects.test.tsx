// The short links and the staff sign-in of docs/product.md §2: /profile (my account's screen by role),
// /session (my next live session, else the lessons list), /admin/login (staff only; any other
// account is refused and not left signed in), and the admin area sending a signed-out visitor there.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Paged } from "@schema/api/common";
import { Role } from "@schema/enums";
import { RequireSession } from "../../web/src/features/session/route-guards";
import { sessionEndedPath } from "../../web/src/features/session/session-ended-path";
import { arAuth } from "../../web/src/i18n/ar-EG-auth";
import { session } from "../../web/src/lib/session";
import { AdminLoginPage, staffLandingPath } from "../../web/src/pages/admin-login/admin-login-page";
import { profilePathFor } from "../../web/src/pages/profile-redirect/profile-redirect-page";
import {
  nextSessionPath,
  noSessionPathFor,
  type SessionSources,
} from "../../web/src/pages/session-redirect/next-session";
import { userWith } from "./fixtures";

afterEach(() => {
  cleanup();
  session.logout();
  localStorage.clear();
});

function liveToken(id = 7): string {
  const now = Math.floor(Date.now() / 1000);
  return `header.${btoa(JSON.stringify({ id, iat: now, exp: now + 30 * 86400 })).replace(/=+$/, "")}.signature`;
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

describe("/profile", () => {
  it("leads each role to the screen of its own account", () => {
    expect(profilePathFor(Role.Student)).toBe("/s/settings");
    expect(profilePathFor(Role.Tutor)).toBe("/t/profile-settings");
    expect(profilePathFor(Role.TutorManager)).toBe("/t/profile-settings");
    expect(profilePathFor(Role.SuperAdmin)).toBe("/admin/user-settings");
    expect(profilePathFor(Role.RegularAdmin)).toBe("/admin/user-settings");
    expect(profilePathFor(Role.Studio)).toBe("/photo-sessions");
  });
});

describe("/session", () => {
  const now = Date.parse("2026-11-26T12:00:00.000Z");
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const page = (
    ...list: Array<{ id: number; start: number; end: number }>
  ): Paged<{
    id: number;
    start: string;
    end: string;
  }> => ({
    list: list.map((item) => ({ id: item.id, start: at(item.start), end: at(item.end) })),
    total: list.length,
  });

  function sources(
    parts: Partial<Record<"now" | "future" | "interviews" | "demos", ReturnType<typeof page>>>,
  ) {
    const asked: string[] = [];
    const answer = (name: keyof typeof parts) => {
      asked.push(name);
      return Promise.resolve(parts[name] ?? page());
    };
    const fake: SessionSources = {
      lessons: (when) => answer(when),
      interviews: () => answer("interviews"),
      demos: () => answer("demos"),
    };
    return { fake, asked };
  }

  it("joins the lesson happening now before one still to come", async () => {
    const { fake, asked } = sources({
      now: page({ id: 3, start: -10, end: 20 }),
      future: page({ id: 4, start: 60, end: 90 }),
    });
    expect(await nextSessionPath(Role.Student, fake, now)).toBe("/lesson/3");
    // A student has lessons only.
    expect(asked.sort()).toEqual(["future", "now"]);
  });

  it("picks a tutor's soonest session among lessons, interviews and demo sessions, skipping ended ones", async () => {
    const { fake, asked } = sources({
      future: page({ id: 4, start: 120, end: 150 }),
      // Newest first, as the list answers; one is pending but already over.
      interviews: page({ id: 9, start: 45, end: 75 }, { id: 8, start: -90, end: -60 }),
      demos: page({ id: 12, start: 300, end: 330 }),
    });
    expect(await nextSessionPath(Role.Tutor, fake, now)).toBe("/interview/9");
    expect(asked.sort()).toEqual(["demos", "future", "interviews", "now"]);
    const demoFirst = sources({
      demos: page({ id: 12, start: 5, end: 35 }),
      future: page({ id: 4, start: 6, end: 36 }),
    });
    expect(await nextSessionPath(Role.TutorManager, demoFirst.fake, now)).toBe("/demo-session/12");
  });

  it("has nothing to join without a session not yet ended, and then goes to the lessons list", async () => {
    const { fake } = sources({ interviews: page({ id: 8, start: -90, end: -60 }) });
    expect(await nextSessionPath(Role.Tutor, fake, now)).toBeNull();
    expect(noSessionPathFor(Role.Student)).toBe("/upcoming-lessons");
    expect(noSessionPathFor(Role.Tutor)).toBe("/upcoming-lessons");
    // Admins and studios take part in no lesson: the admin's lessons table, the studio's home.
    const none = sources({});
    expect(await nextSessionPath(Role.SuperAdmin, none.fake, now)).toBeNull();
    expect(none.asked).toEqual([]);
    expect(noSessionPathFor(Role.SuperAdmin)).toBe("/admin/lessons");
    expect(noSessionPathFor(Role.Studio)).toBe("/photo-sessions");
  });
});

function Where() {
  const location = useLocation();
  return <h1 data-testid="where">{`${location.pathname}${location.search}`}</h1>;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/login" element={<AdminLoginPage />} />
          <Route
            path="/admin"
            element={<RequireSession roles={[Role.SuperAdmin, Role.RegularAdmin]} loginPath="/admin/login" />}
          >
            <Route path="users" element={<Where />} />
            <Route index element={<Where />} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function submitSignIn() {
  fireEvent.change(screen.getByLabelText(/^البريد الإلكتروني/), { target: { value: "mona@example.com" } });
  fireEvent.change(screen.getByLabelText(/^كلمة المرور/), { target: { value: "secret-pass1" } });
  fireEvent.click(screen.getByRole("button", { name: arAuth.login.submit }));
}

describe("/admin/login", () => {
  it("is where the admin area sends a signed-out visitor, and a staff sign-in goes back there", async () => {
    const token = liveToken();
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(jsonResponse(200, { user: userWith(Role.SuperAdmin), token }));
    renderAt("/admin/users");
    await screen.findByRole("heading", { name: arAuth.adminLogin.title });
    await submitSignIn();
    // The form loads its rules and the sign-in contract on the first submit: allow for a slow machine.
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/admin/users"), {
      timeout: 5000,
    });
    expect(session.getState().token).toBe(token);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(staffLandingPath(Role.RegularAdmin, null)).toBe("/admin");
    expect(staffLandingPath(Role.RegularAdmin, "//evil.example")).toBe("/admin");
  });

  it("refuses an account that is not staff in Arabic, ends its new session and leaves nobody signed in", async () => {
    const token = liveToken();
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(jsonResponse(200, { user: userWith(Role.Student), token }))
      .mockResolvedValueOnce(jsonResponse(204, null));
    renderAt("/admin/login");
    await submitSignIn();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(arAuth.adminLogin.notStaff), {
      timeout: 5000,
    });
    expect(session.getState().token).toBeNull();
    expect(session.getState().user).toBeNull();
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/sign-out");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Authorization")).toBe(`Bearer ${token}`);
    // Still the sign-in screen.
    expect(screen.getByRole("heading", { name: arAuth.adminLogin.title })).toBeTruthy();
  });

  it("is where an ended session inside the admin area signs in again", () => {
    expect(sessionEndedPath({ pathname: "/admin/users", search: "?page=2" }, "session-ended")).toBe(
      `/admin/login?next=${encodeURIComponent("/admin/users?page=2")}`,
    );
    expect(sessionEndedPath({ pathname: "/admin", search: "" }, "session-ended")).toBe(
      "/admin/login?next=%2Fadmin",
    );
    expect(sessionEndedPath({ pathname: "/admin/login", search: "" }, "session-ended")).toBeNull();
    // Elsewhere, still /login (a path that only starts like the admin area's is not in it).
    expect(sessionEndedPath({ pathname: "/administration", search: "" }, "session-ended")).toBe(
      "/login?next=%2Fadministration",
    );
  });

  it("sends staff already signed in on to /admin, and offers someone else their home or a sign-out", async () => {
    session.signIn({ user: userWith(Role.RegularAdmin), token: liveToken() });
    renderAt("/admin/login");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/admin"));
    cleanup();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(jsonResponse(204, null));
    session.signIn({ user: userWith(Role.Student), token: liveToken() });
    renderAt("/admin/login");
    expect(screen.getByText(arAuth.adminLogin.signedInNotStaff)).toBeTruthy();
    expect(screen.getByRole("link", { name: arAuth.adminLogin.goHome }).getAttribute("href")).toBe(
      "/s/dashboard",
    );
    fireEvent.click(screen.getByRole("button", { name: arAuth.adminLogin.signOutToSwitch }));
    await screen.findByRole("button", { name: arAuth.login.submit });
    expect(session.getState().token).toBeNull();
  });
});
