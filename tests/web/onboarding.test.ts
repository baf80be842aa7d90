import { describe, expect, it } from "vitest";
import type { Onboarding, OnboardingStep } from "@schema/api/onboarding";
import { demoDecisionSchema, interviewDecisionSchema } from "../../web/src/features/onboarding/decision";
import {
  canCancelBefore,
  durationProblem,
  groupStarts,
  isOnboarded,
  splitParts,
  stepRows,
  uploadFraction,
  videoFileProblem,
} from "../../web/src/features/onboarding/logic";
import { validateForm } from "../../web/src/lib/form";
import { weekStartOf } from "../../schema/calendar";

const MiB = 1024 * 1024;
const step = (over: Partial<OnboardingStep> = {}): OnboardingStep => ({
  state: "todo",
  next: "book",
  id: null,
  retryAt: null,
  start: null,
  feedback: null,
  ...over,
});

function onboarding(over: Partial<Onboarding> = {}): Onboarding {
  return {
    tutorId: 7,
    activated: false,
    bypassOnboarding: false,
    supportGroup: { joined: false, link: "https://chat.whatsapp.com/x", next: "join" },
    introVideo: step({ next: "upload" }),
    interview: step(),
    demoSession: step({ next: "wait" }),
    photoSession: step(),
    current: "supportGroup",
    ...over,
  };
}

describe("step state derivation", () => {
  it("lists the five steps in order", () => {
    expect(stepRows(onboarding()).map((row) => row.key)).toEqual([
      "supportGroup",
      "introVideo",
      "interview",
      "demoSession",
      "photoSession",
    ]);
  });

  it("a new tutor: join, upload, book and ask a studio are actionable, the demo waits for the video", () => {
    const statuses = stepRows(onboarding()).map((row) => row.status);
    expect(statuses).toEqual(["current", "current", "current", "locked", "current"]);
  });

  it("a requested photo session waits for the studio, a finished one is done", () => {
    const requested = stepRows(
      onboarding({ photoSession: step({ state: "pending", next: "attend", id: 4 }) }),
    );
    expect(requested[4]?.status).toBe("studio");
    const finished = stepRows(onboarding({ photoSession: step({ state: "passed", next: "done", id: 4 }) }));
    expect(finished[4]?.status).toBe("done");
  });

  it("maps passed, pending and rejected steps", () => {
    const rows = stepRows(
      onboarding({
        supportGroup: { joined: true, link: "x", next: "done" },
        introVideo: step({ state: "passed", next: "done", id: 3 }),
        interview: step({
          state: "rejected",
          next: "wait",
          retryAt: "2027-03-01T00:00:00.000Z",
          feedback: "Needs work",
        }),
        demoSession: step({ state: "pending", next: "attend", id: 9, start: "2026-12-01T10:00:00.000Z" }),
        photoSession: step({ state: "pending", next: "attend", id: 2 }),
        current: "interview",
      }),
    );
    expect(rows.map((row) => row.status)).toEqual(["done", "done", "rejected", "pending", "studio"]);
  });

  it("a rejection whose 3 months have passed is actionable again", () => {
    const rows = stepRows(onboarding({ introVideo: step({ state: "rejected", next: "upload" }) }));
    expect(rows[1]?.status).toBe("current");
  });

  it("onboarded when activated or nothing is left", () => {
    expect(isOnboarded(onboarding())).toBe(false);
    expect(isOnboarded(onboarding({ activated: true, current: null }))).toBe(true);
    expect(isOnboarded(onboarding({ current: "activation" }))).toBe(false);
  });
});

describe("intro video file checks", () => {
  it("accepts mp4 and webm up to 400 MB", () => {
    expect(videoFileProblem({ type: "video/mp4", size: 10 * MiB })).toBeNull();
    expect(videoFileProblem({ type: "video/webm", size: 400 * MiB })).toBeNull();
  });
  it("refuses other types, empty and oversized files", () => {
    expect(videoFileProblem({ type: "video/quicktime", size: MiB })).toBe("video-type");
    expect(videoFileProblem({ type: "image/png", size: MiB })).toBe("video-type");
    expect(videoFileProblem({ type: "video/mp4", size: 0 })).toBe("video-empty");
    expect(videoFileProblem({ type: "video/mp4", size: 400 * MiB + 1 })).toBe("video-size");
  });
  it("checks the duration (1 to 3 minutes)", () => {
    expect(durationProblem(59)).toBe("short-video-duration");
    expect(durationProblem(60)).toBeNull();
    expect(durationProblem(180)).toBeNull();
    expect(durationProblem(181)).toBe("long-video-duration");
  });
});

describe("multipart part splitting", () => {
  it("splits into full parts and a shorter last one", () => {
    expect(splitParts(25, 10)).toEqual([
      { partNumber: 1, start: 0, end: 10 },
      { partNumber: 2, start: 10, end: 20 },
      { partNumber: 3, start: 20, end: 25 },
    ]);
  });
  it("an exact multiple has no empty tail; a small file is one part", () => {
    expect(splitParts(20, 10)).toHaveLength(2);
    expect(splitParts(3, 10)).toEqual([{ partNumber: 1, start: 0, end: 3 }]);
    expect(splitParts(0, 10)).toEqual([]);
  });
  it("400 MB in 10 MiB parts covers every byte once", () => {
    const parts = splitParts(400 * MiB, 10 * MiB);
    expect(parts).toHaveLength(40);
    expect(parts.reduce((sum, part) => sum + part.end - part.start, 0)).toBe(400 * MiB);
  });
  it("reports progress over the whole file", () => {
    expect(uploadFraction(100, 20, 5)).toBe(0.25);
    expect(uploadFraction(100, 100, 10)).toBe(1);
    expect(uploadFraction(0, 0, 0)).toBe(0);
  });
});

describe("free starts", () => {
  it("finds the Saturday of a week", () => {
    expect(weekStartOf("2026-11-21")).toBe("2026-11-21"); // a Saturday
    expect(weekStartOf("2026-11-27")).toBe("2026-11-21"); // Friday
    expect(weekStartOf("2026-11-28")).toBe("2026-11-28");
  });
  it("groups by Cairo day in Saturday-first weeks", () => {
    const weeks = groupStarts([
      "2026-11-27T21:30:00.000Z", // Friday 23:30 Cairo
      "2026-11-27T22:00:00.000Z", // Saturday 00:00 Cairo → next week
      "2026-11-26T08:00:00.000Z",
      "2026-11-26T08:30:00.000Z",
    ]);
    expect(weeks.map((week) => week.weekStart)).toEqual(["2026-11-21", "2026-11-28"]);
    expect(weeks[0]?.days.map((day) => [day.day, day.starts.length])).toEqual([
      ["2026-11-26", 2],
      ["2026-11-27", 1],
    ]);
    expect(weeks[1]?.days[0]?.day).toBe("2026-11-28");
  });
  it("cancels only before the start", () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    expect(canCancelBefore("2026-11-22T10:30:00.000Z", now)).toBe(true);
    expect(canCancelBefore("2026-11-22T10:00:00.000Z", now)).toBe(false);
  });
});

describe("decision form rules", () => {
  it("an interview needs a decision, feedback and a level 1..5", () => {
    const result = validateForm(interviewDecisionSchema, { decision: "", feedback: "", note: "", level: "" });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toMatchObject({ decision: "required", feedback: "required", level: "required" });
    const ok = validateForm(interviewDecisionSchema, {
      decision: "pass",
      feedback: "Very good English",
      note: "",
      level: "4",
    });
    expect(ok).toMatchObject({ ok: true, data: { decision: "pass", level: 4, note: undefined } });
  });
  it("short feedback gets its code; a demo has no level", () => {
    const result = validateForm(demoDecisionSchema, { decision: "reject", feedback: "bad", note: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.feedback).toBe("short-interview-feedback");
  });
});
