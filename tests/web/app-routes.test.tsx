// The app's own route table in a declarative router (web/src/app/app-routes.tsx, docs/performance.md): a screen
// that crashes or whose chunk fails shows the crash screen and is reported, the root layout's crash
// fills the page, leaving a screen while an upload runs asks first (links, navigate(), back), and
// the scroll position follows the history entries.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { BrowserRouter, Link, MemoryRouter, useNavigate, type NavigateFunction } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../web/src/app/app-routes";
import { preloadScreensFor } from "../../web/src/routes";
import { ar } from "../../web/src/i18n/ar-EG";
import { useLeaveWarning } from "../../web/src/lib/use-leave-warning";

const reported = vi.hoisted(() => ({ errors: [] as unknown[] }));
vi.mock("../../web/src/lib/error-reporting", () => ({
  reportError: (error: unknown) => reported.errors.push(error),
}));
/** Whether a vanished chunk reloads the page (web/src/lib/stale-build.ts; its own test is tests/web/stale-build.test.ts). */
const staleBuild = vi.hoisted(() => ({ reloadsLeft: 0, reloads: 0 }));
vi.mock("../../web/src/lib/stale-build", () => ({
  reloadForNewBuild: () => {
    if (staleBuild.reloadsLeft === 0) return false;
    staleBuild.reloadsLeft -= 1;
    staleBuild.reloads += 1;
    return true;
  },
}));

/** What the mocked screens do in the current test. */
const screens = vi.hoisted(() => ({ termsThrows: false, headerThrows: false, uploading: false }));

vi.mock("../../web/src/pages/home/home-page", () => ({ HomePage: () => <h1>الرئيسية للاختبار</h1> }));
vi.mock("../../web/src/pages/terms/terms-page", () => ({ TermsPage: () => <TermsScreen /> }));
vi.mock("../../web/src/pages/privacy/privacy-page", () => ({ PrivacyPage: () => <PrivacyScreen /> }));
// A chunk that fails to load (a deploy removed it): the screen's import rejects.
vi.mock("../../web/src/pages/about/about-page", () => {
  throw new Error("chunk about-page is gone");
});
vi.mock("../../web/src/pages/pricing/pricing-page", () => ({ PricingPage: () => <h1>الأسعار للاختبار</h1> }));
/** A screen with first requests to start early (its prefetchScreenData records the client it got). */
const prefetched = vi.hoisted(() => ({ clients: [] as unknown[] }));
vi.mock("../../web/src/pages/plans/plans-page", () => ({
  PlansPage: () => <h1>الباقات للاختبار</h1>,
  prefetchScreenData: (client: unknown) => prefetched.clients.push(client),
}));
vi.mock("../../web/src/pages/method/method-page", () => {
  throw new Error("chunk method-page is gone");
});
vi.mock("../../web/src/app/site-header", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../web/src/app/site-header")>();
  return {
    ...actual,
    SiteHeader: () => {
      if (screens.headerThrows) throw new Error("the header broke");
      return <header>الترويسة</header>;
    },
  };
});

function Uploading() {
  useLeaveWarning(true);
  return <p>جاري الرفع</p>;
}

function TermsScreen() {
  const navigate = useNavigate();
  if (screens.termsThrows) throw new Error("terms broke");
  return (
    <section>
      <h1>الشروط للاختبار</h1>
      {screens.uploading && <Uploading />}
      <Link to="/privacy">إلى الخصوصية</Link>
      <Link to="/terms?part=2">الجزء الثاني</Link>
      <button type="button" onClick={() => void navigate("/privacy")}>
        انتقال برمجي
      </button>
    </section>
  );
}

function PrivacyScreen() {
  return (
    <section>
      <h1>الخصوصية للاختبار</h1>
      <Link to="/terms">إلى الشروط</Link>
      <p id="details">تفاصيل</p>
    </section>
  );
}

/** navigate() of the router, from outside the app's routes (as a test's hand on the address bar). */
let goTo: NavigateFunction;
function AddressBar() {
  goTo = useNavigate();
  return null;
}

function withQueries(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

function renderAt(path: string) {
  return render(
    withQueries(
      <MemoryRouter initialEntries={[path]}>
        <AddressBar />
        <AppRoutes />
      </MemoryRouter>,
    ),
  );
}

/** window.confirm (happy-dom has none), answering `answer` until told otherwise. */
function answerConfirm(answer: boolean) {
  const confirm = vi.fn<(message?: string) => boolean>(() => answer);
  Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
  return confirm;
}

const heading = (name: string) => screen.findByRole("heading", { level: 1, name });
const crashHeading = () => screen.findByRole("heading", { name: ar.errors.crashTitle });

beforeEach(() => {
  Object.assign(screens, { termsThrows: false, headerThrows: false, uploading: false });
  reported.errors.length = 0;
  // Nothing in these tests should reach the network; a request stays pending.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>(() => {})),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a screen that fails", () => {
  it("shows the crash screen in the layout's place for the screen, and reports the error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    screens.termsThrows = true;
    renderAt("/terms");
    expect(await crashHeading()).toBeTruthy();
    expect(screen.getByRole("alert")).toBeTruthy();
    // The layout around the screen stays: the header and the main area.
    expect(screen.getByText("الترويسة")).toBeTruthy();
    expect(document.getElementById("main-content")?.contains(screen.getByRole("alert"))).toBe(true);
    expect(reported.errors).toEqual([expect.objectContaining({ message: "terms broke" })]);
  });

  it("tries again when the location changes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    screens.termsThrows = true;
    renderAt("/terms");
    await crashHeading();
    screens.termsThrows = false;
    act(() => void goTo("/terms?again=1"));
    expect(await heading("الشروط للاختبار")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: ar.errors.crashTitle })).toBeNull();
  });

  it("reloads the page once when a screen's chunk is gone after a deploy, showing the loading animation meanwhile", async () => {
    staleBuild.reloadsLeft = 1;
    staleBuild.reloads = 0;
    renderAt("/method");
    expect(await screen.findByRole("status")).toBeTruthy();
    await waitFor(() => expect(staleBuild.reloads).toBe(1));
    expect(screen.queryByRole("heading", { name: ar.errors.crashTitle })).toBeNull();
    expect(reported.errors).toHaveLength(0);
  });

  it("shows the crash screen when the screen's chunk fails to load after that reload, and its link goes home", async () => {
    staleBuild.reloadsLeft = 0;
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/about");
    expect(await crashHeading()).toBeTruthy();
    expect(reported.errors).toHaveLength(1);
    fireEvent.click(screen.getByRole("link", { name: ar.errors.goHome }));
    expect(await heading("الرئيسية للاختبار")).toBeTruthy();
  });

  it("fills the page with the crash screen when the layout itself fails, with a plain link home", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    screens.headerThrows = true;
    renderAt("/privacy");
    expect(await crashHeading()).toBeTruthy();
    expect(document.getElementById("main-content")).toBeNull();
    expect(screen.getByRole("link", { name: ar.errors.goHome }).getAttribute("href")).toBe("/");
    expect(reported.errors).toEqual([expect.objectContaining({ message: "the header broke" })]);
  });
});

describe("leaving a screen while an upload runs", () => {
  it("asks before a link leaves for another screen, and stays when the user says no", async () => {
    screens.uploading = true;
    const confirm = answerConfirm(false);
    renderAt("/terms");
    await heading("الشروط للاختبار");
    fireEvent.click(screen.getByRole("link", { name: "إلى الخصوصية" }));
    expect(confirm).toHaveBeenCalledWith(ar.shell.uploadLeaveWarning);
    expect(screen.getByText("جاري الرفع")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "الخصوصية للاختبار" })).toBeNull();

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole("link", { name: "إلى الخصوصية" }));
    expect(await heading("الخصوصية للاختبار")).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("asks before navigate() leaves too", async () => {
    screens.uploading = true;
    const confirm = answerConfirm(false);
    renderAt("/terms");
    await heading("الشروط للاختبار");
    fireEvent.click(screen.getByRole("button", { name: "انتقال برمجي" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText("جاري الرفع")).toBeTruthy();
  });

  it("does not ask for a change on the same screen, nor when no upload runs", async () => {
    screens.uploading = true;
    const confirm = answerConfirm(false);
    renderAt("/terms");
    await heading("الشروط للاختبار");
    fireEvent.click(screen.getByRole("link", { name: "الجزء الثاني" }));
    expect(screen.getByText("جاري الرفع")).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();

    cleanup();
    screens.uploading = false;
    renderAt("/terms");
    await heading("الشروط للاختبار");
    fireEvent.click(screen.getByRole("link", { name: "إلى الخصوصية" }));
    expect(await heading("الخصوصية للاختبار")).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("asks on the back button, and puts the screen back when the user stays", async () => {
    window.history.replaceState(null, "", "/privacy");
    const confirm = answerConfirm(false);
    render(
      withQueries(
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>,
      ),
    );
    await heading("الخصوصية للاختبار");
    screens.uploading = true;
    fireEvent.click(screen.getByRole("link", { name: "إلى الشروط" }));
    await heading("الشروط للاختبار");
    expect(confirm).not.toHaveBeenCalled();

    act(() => window.history.back());
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(ar.shell.uploadLeaveWarning));
    await waitFor(() => expect(window.location.pathname).toBe("/terms"));
    expect(screen.getByText("جاري الرفع")).toBeTruthy();

    confirm.mockReturnValue(true);
    act(() => window.history.back());
    expect(await heading("الخصوصية للاختبار")).toBeTruthy();
    expect(window.location.pathname).toBe("/privacy");
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});

describe("the scroll position across screens", () => {
  const scrolledTo = (y: number) => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  };

  it("starts a new screen at the top and gives back the old one's position on back", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    renderAt("/terms");
    await heading("الشروط للاختبار");
    // The first screen keeps the browser's own position.
    expect(scrollTo).not.toHaveBeenCalled();
    scrolledTo(600);

    fireEvent.click(screen.getByRole("link", { name: "إلى الخصوصية" }));
    await heading("الخصوصية للاختبار");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(0);

    act(() => void goTo(-1));
    await heading("الشروط للاختبار");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 600);
  });

  it("goes to the #hash element of a new entry, and keeps the positions in the tab when the page hides", async () => {
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const scrollIntoView = vi.fn();
    Object.assign(HTMLElement.prototype, { scrollIntoView });
    renderAt("/terms");
    await heading("الشروط للاختبار");
    act(() => void goTo("/privacy#details"));
    await heading("الخصوصية للاختبار");
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById("details"));

    scrolledTo(250);
    window.dispatchEvent(new Event("pagehide"));
    const stored = JSON.parse(sessionStorage.getItem("dars.scroll-positions") ?? "{}") as Record<
      string,
      number
    >;
    expect(Object.values(stored)).toContain(250);
  });
});

// web/src/boot.tsx loads the first screen's modules before its first render (docs/performance.md): the screen
// then renders in that pass, with no loading animation and no second render in slices.
describe("a screen loaded before the first render", () => {
  it("starts the screen's first requests with the app's query client as soon as its code is there, only when given the client", async () => {
    await preloadScreensFor("/plans");
    expect(prefetched.clients).toEqual([]);
    const client = new QueryClient();
    await preloadScreensFor("/plans", client);
    expect(prefetched.clients).toEqual([client]);
  });

  it("renders with its content in the first pass", async () => {
    await preloadScreensFor("/pricing");
    renderAt("/pricing");
    expect(screen.getByRole("heading", { name: "الأسعار للاختبار" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
