/// <reference types="vite/client" />
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomView } from "@schema/api/chat";
import type { LessonView } from "@schema/api/lesson";
import { Gender, Role } from "@schema/enums";
import { userWith } from "./fixtures";
import { renderWithApp } from "./render-with-app";

/**
 * People and gender (docs/glossary.md): a phrase about a person follows their gender through
 * byGender (web/src/lib/plural.ts). Every GenderForms entry of the string tables says something
 * different for a woman, and the screens that show a person's phrase are given that person's
 * gender: the chat's presence words, the cancel dialog about the student's minutes, the admin's
 * suspension dialog. (The ended lesson's «حضرت/مدخلتش» lines: tests/web/ended-session.test.tsx.)
 */

// Nothing answers: the screens under test render from their props and the default settings.
vi.mock("../../web/src/lib/api", () => ({
  api: { get: () => new Promise(() => {}), post: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const { RoomsPanel } = await import("../../web/src/features/chat/rooms-panel");
const { chatPresence } = await import("../../web/src/features/chat/use-chat");
const { CancelLessonDialog } = await import("../../web/src/features/lessons/lesson-actions");
const { SuspensionCard } = await import("../../web/src/features/admin-area/suspension-card");
const { arLive } = await import("../../web/src/i18n/ar-EG-live");
const { arLessons } = await import("../../web/src/i18n/ar-EG-lessons");
const { accountSafety } = await import("../../web/src/i18n/ar-EG-account-safety");

afterEach(cleanup);

type Found = { path: string; male: string; female: string };

/** Every { male, female } pair of phrase functions in the tables, rendered with sample arguments. */
function genderForms(value: unknown, path: string, into: Found[]): void {
  if (!value || typeof value !== "object") return;
  const forms = value as Record<string, unknown>;
  if (typeof forms.male === "function" && typeof forms.female === "function") {
    const render = (phrase: unknown) => String((phrase as (...args: unknown[]) => unknown)("سلمى", "٤:٠٠ م"));
    const number = (phrase: unknown) => String((phrase as (...args: unknown[]) => unknown)(3));
    const numeric = /\(\s*(?:lessons|count|n|minutes)\s*[:)]/.test(String(forms.male));
    into.push({
      path,
      male: numeric ? number(forms.male) : render(forms.male),
      female: numeric ? number(forms.female) : render(forms.female),
    });
    return;
  }
  for (const [key, item] of Object.entries(forms)) genderForms(item, `${path}.${key}`, into);
}

const modules = import.meta.glob<Record<string, unknown>>("../../web/src/i18n/*.ts", { eager: true });
const pairs: Found[] = [];
for (const [file, exports] of Object.entries(modules))
  for (const [name, value] of Object.entries(exports))
    genderForms(value, `${file.replace(/^.*\//, "")}:${name}`, pairs);

describe("every GenderForms entry of the string tables", () => {
  it("is found across the tables (presence, lessons, tutor page, admin pages, SEO)", () => {
    const paths = pairs.map(({ path }) => path);
    expect(pairs.length).toBeGreaterThan(20);
    for (const expected of [
      "ar-EG-counts.ts:gendered.online",
      "ar-EG-live.ts:arLive.chat.online",
      "ar-EG-live.ts:arLive.chat.typing",
      "ar-EG-live.ts:arLive.endedSession.attended",
      "ar-EG-lessons.ts:arLessons.marketplace.lessons.cancelBodyForTutor",
      "ar-EG-account-safety.ts:accountSafety.suspension.suspendBody",
      "ar-EG-admin-area.ts:adminArea.tutor.retryAt",
      "ar-EG-seo.ts:seo.tutor.title",
    ])
      expect(paths, expected).toContain(expected);
  });

  it("says something different for a woman than for a man", () => {
    const same = pairs
      .filter(({ male, female }) => male === female)
      .map(({ path, male }) => `${path}: «${male}»`);
    expect(same).toEqual([]);
    for (const { path, male, female } of pairs) {
      expect(male.trim(), path).not.toBe("");
      expect(female.trim(), path).not.toBe("");
    }
  });
});

const minute = 60_000;
const room = (gender: Gender | null, lastAt: number): RoomView => ({
  id: 5,
  members: [
    { id: 1, name: "أنا", image: null, role: Role.Tutor, gender: Gender.Male },
    { id: 2, name: "سلمى", image: null, role: Role.Student, gender },
  ],
  lastMessage: { sequence: 1, text: "أهلًا يا أستاذ", senderId: 2, at: new Date(lastAt).toISOString() },
  unreadCount: 0,
  pinned: false,
  muted: false,
  createdAt: "2026-11-01T10:00:00.000Z",
});

function renderRooms(gender: Gender | null, lastAt = Date.now() - 4 * minute) {
  return renderWithApp(
    <RoomsPanel
      rooms={[room(gender, lastAt)]}
      isPending={false}
      error={null}
      onRetry={() => {}}
      userId={1}
      selectedId={null}
      onSelect={() => {}}
    />,
  );
}

describe("the chat list", () => {
  afterEach(() => {
    act(() => {
      chatPresence.setOnline(2, false);
      chatPresence.setTyping(5, 2, false);
    });
  });

  it("says a woman is «متصلة دلوقتي» and «بتكتب…», a man «متصل دلوقتي»", () => {
    act(() => chatPresence.setOnline(2, true));
    const { unmount } = renderRooms(Gender.Female);
    expect(screen.getByText("متصلة دلوقتي")).toBeTruthy();
    expect(screen.queryByText("متصل دلوقتي")).toBeNull();
    act(() => chatPresence.setTyping(5, 2, true));
    expect(screen.getByText("بتكتب…")).toBeTruthy();
    unmount();

    renderRooms(Gender.Male);
    expect(screen.getByText("متصل دلوقتي")).toBeTruthy();
    expect(screen.getByText("بيكتب…")).toBeTruthy();
    expect(arLive.chat.online.male()).toBe("متصل دلوقتي");
  });

  it("says the last message's time as people do: «من ٤ دقايق», «دلوقتي», «امبارح»", () => {
    const { unmount } = renderRooms(null);
    expect(screen.getByText("من ٤ دقايق")).toBeTruthy();
    unmount();
    const second = renderRooms(null, Date.now() - 10_000);
    expect(screen.getByText("دلوقتي")).toBeTruthy();
    second.unmount();
    renderRooms(null, Date.now() - 26 * 60 * minute);
    expect(screen.getByText("امبارح")).toBeTruthy();
  });
});

const lesson = (overrides: Partial<LessonView> = {}): LessonView => ({
  id: 9,
  tutor: { id: 10, name: "محمود", image: null, gender: Gender.Male },
  student: { id: 20, name: "سلمى", image: null, gender: Gender.Female },
  start: new Date(Date.now() + 3 * 24 * 60 * minute).toISOString(),
  end: new Date(Date.now() + 3 * 24 * 60 * minute + 30 * minute).toISOString(),
  duration: 30,
  price: 12_750,
  state: "pending",
  isTrial: false,
  subscriptionId: 4,
  canceledAt: null,
  canceledBy: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...overrides,
});

describe("the cancel dialog says whose minutes come back", () => {
  const body = () => screen.getByRole("dialog").getAttribute("aria-describedby")!;
  const description = () => document.getElementById(body())!.textContent ?? "";

  it("to the tutor: the student's, in her gender", () => {
    renderWithApp(<CancelLessonDialog lesson={lesson()} userId={10} onClose={() => {}} />);
    expect(description()).toContain("لرصيد الطالبة");
    expect(screen.getByRole("button", { name: arLessons.marketplace.lessons.cancelConfirm })).toBeTruthy();
  });

  it("to the student: their own", () => {
    renderWithApp(<CancelLessonDialog lesson={lesson()} userId={20} onClose={() => {}} />);
    expect(description()).toContain("لرصيدك");
  });

  it("a trial lesson without a plan: none, it took no minutes", () => {
    renderWithApp(
      <CancelLessonDialog
        lesson={lesson({ isTrial: true, subscriptionId: null })}
        userId={20}
        onClose={() => {}}
      />,
    );
    expect(description()).toContain("مفيش دقايق هترجع");
    expect(description()).not.toContain("بترجع");
  });
});

describe("the admin's suspension dialog", () => {
  it("speaks of a woman's account in her gender", async () => {
    renderWithApp(<SuspensionCard user={{ ...userWith(Role.Student), gender: Gender.Female }} canAct />);
    fireEvent.click(screen.getByRole("button", { name: accountSafety.suspension.suspend }));
    const dialog = await screen.findByRole("dialog", { name: accountSafety.suspension.suspendTitle });
    expect(within(dialog).getByText(accountSafety.suspension.suspendBody.female())).toBeTruthy();
    expect(accountSafety.suspension.suspendBody.female()).toContain("صاحبة الحساب");
  });
});
