import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PracticeRound, WordView } from "../../schema/api/words";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const del = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: vi.fn(),
    delete: (...args: unknown[]) => del(...args),
  },
}));

const { WordsPage } = await import("../../web/src/pages/words/words-page");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");
const { formatNumber } = await import("../../web/src/lib/format");
const { countOf } = await import("../../web/src/lib/plural");

const t = ar.words;
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

function word(id: number, english: string, meaning: string, example: string | null = null): WordView {
  return {
    id,
    word: english,
    meaning,
    example,
    step: 0,
    dueAt: ago(id),
    learnedAt: null,
    createdAt: ago(60),
    lesson: { id: 40 + id, start: ago(24 * 60), tutorName: "سلمى" },
  };
}

const due = [word(1, "journey", "رحلة", "The journey was long."), word(2, "brave", "شجاع")];
const later = new Date(now + 24 * 60 * 60_000).toISOString();

/** The server's answers: the round until both words are answered, then nothing due until tomorrow. */
function serve(round: { answered: number }, list: WordView[] = due) {
  get.mockImplementation(async (path: string) => {
    if (path === "/words/practice") {
      const left = list.slice(round.answered);
      return { list: left, due: left.length, nextDueAt: left.length ? null : later } satisfies PracticeRound;
    }
    if (path === "/words") return { list, total: list.length };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockImplementation(async (path: string, body: { knew: boolean }) => {
    const id = Number(/^\/words\/(\d+)\/practice$/.exec(path)?.[1]);
    round.answered++;
    return { id, step: body.knew ? 1 : 0, dueAt: later, learnedAt: null };
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
});
afterEach(cleanup);

const press = (key: string) =>
  act(() => void fireEvent.keyDown(window, { key, code: key === " " ? "Space" : key }));

describe("«كلماتي» practice", () => {
  it("shows how many words are due, then one word at a time: reveal, answer, progress, end screen", async () => {
    const round = { answered: 0 };
    serve(round);
    renderWithApp(<WordsPage />);
    // The list: each English word marked as English, with its meaning, example and lesson.
    const row = (await screen.findByText("journey")).closest("li")!;
    expect(screen.getByText("journey").getAttribute("lang")).toBe("en");
    expect(screen.getByText("journey").getAttribute("dir")).toBe("ltr");
    expect(within(row).getByText("رحلة")).toBeTruthy();
    expect(within(row).getByText("The journey was long.").getAttribute("lang")).toBe("en");
    expect(within(row).getByText("سلمى")).toBeTruthy();
    expect(within(row).getByRole("checkbox", { name: t.learnedToggle })).toBeTruthy();

    expect(await screen.findByText(countOf(t.practice.due, 2))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: `${t.practice.start} ${formatNumber(2)}` }));

    // Word 1 of 2: the meaning is hidden until asked for; the keys are told on screen.
    expect(screen.getByText(t.practice.progress(formatNumber(1), formatNumber(2)))).toBeTruthy();
    expect(document.querySelector("[data-keys-hint]")?.textContent).toContain(t.practice.keys.space);
    const practice = screen.getByRole("region", { name: t.practice.regionLabel });
    expect(within(practice).getByText("journey").getAttribute("lang")).toBe("en");
    expect(within(practice).queryByText("رحلة")).toBeNull();
    expect(within(practice).queryByRole("button", { name: t.practice.knew })).toBeNull();
    // 1 before the meaning is shown answers nothing.
    press("1");
    expect(post).not.toHaveBeenCalled();
    press(" ");
    expect(within(practice).getByText("رحلة")).toBeTruthy();
    expect(within(practice).getByText("The journey was long.")).toBeTruthy();
    press("1");
    await waitFor(() => expect(post).toHaveBeenCalledWith("/words/1/practice", { knew: true }));

    // Word 2 of 2, by the buttons this time.
    expect(await screen.findByText(t.practice.progress(formatNumber(2), formatNumber(2)))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.practice.reveal }));
    expect(screen.getByText("شجاع")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.practice.didnt }));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/words/2/practice", { knew: false }));

    // The end: one known, one not, and when the next words come.
    expect(await screen.findByRole("heading", { name: t.practice.end.title })).toBeTruthy();
    const counts = document.querySelectorAll("[data-count]");
    expect([...counts].map((node) => node.textContent)).toEqual([
      countOf(t.wordCount, 1),
      countOf(t.wordCount, 1),
    ]);
    expect(screen.getByText(t.practice.end.didntHint)).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector("[data-next-due]")?.textContent).toContain(t.practice.nextDue("").trim()),
    );
    fireEvent.click(screen.getByRole("button", { name: t.practice.end.back }));
    expect(await screen.findByRole("heading", { level: 1, name: t.title })).toBeTruthy();
  });

  it("Arabic-Indic ٢ answers too, and a failed answer stays on the word with its message", async () => {
    const round = { answered: 0 };
    serve(round, [due[1]!]);
    post.mockRejectedValueOnce(new ApiError("service-unavailable", 503));
    renderWithApp(<WordsPage />);
    fireEvent.click(await screen.findByRole("button", { name: `${t.practice.start} ${formatNumber(1)}` }));
    press(" ");
    press("٢");
    expect(await screen.findByText(errorMessage("service-unavailable"))).toBeTruthy();
    expect(screen.getByText(t.practice.progress(formatNumber(1), formatNumber(1)))).toBeTruthy();
    press("٢");
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenLastCalledWith("/words/2/practice", { knew: false });
    expect(await screen.findByRole("heading", { name: t.practice.end.title })).toBeTruthy();
  });

  it("«اتعلمتها» marks a word learned at once, and unmarking sends DELETE", async () => {
    const stored = due.map((entry) => ({ ...entry }));
    serve({ answered: 0 }, stored);
    const answer = (learnedAt: string | null) => async (path: string) => {
      const word = stored.find((entry) => entry.id === Number(/\d+/.exec(path)?.[0]))!;
      word.learnedAt = learnedAt;
      return { id: word.id, step: 0, dueAt: later, learnedAt };
    };
    post.mockImplementation(answer(new Date().toISOString()));
    del.mockImplementation(answer(null));
    renderWithApp(<WordsPage />);
    const row = (await screen.findByText("brave")).closest("li")!;
    const box = within(row).getByRole("checkbox", { name: t.learnedToggle }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(post).toHaveBeenCalledWith("/words/2/learned");
    await waitFor(() => expect(row.getAttribute("data-learned")).toBe("true"));
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    await waitFor(() => expect(del).toHaveBeenCalledWith("/words/2/learned"));
    await waitFor(() => expect(row.getAttribute("data-learned")).toBe("false"));
  });

  it("with no words yet, explains that they come from the tutor's notes after lessons", async () => {
    get.mockImplementation(async (path: string) =>
      path === "/words/practice" ? { list: [], due: 0, nextDueAt: null } : { list: [], total: 0 },
    );
    renderWithApp(<WordsPage />);
    expect(await screen.findByText(t.empty.body)).toBeTruthy();
    expect(screen.queryByRole("button", { name: new RegExp(t.practice.start) })).toBeNull();
  });
});
