import type { Onboarding, OnboardingStep } from "@schema/api/onboarding";
import { introVideoTypes } from "@schema/api/intro-video";
import { bounds } from "@schema/rules";
import { weekStartOf } from "@schema/calendar";
import { viewerDayKey } from "../../lib/format";

export type StepKey = "supportGroup" | "introVideo" | "interview" | "demoSession" | "photoSession";
export const stepOrder: readonly StepKey[] = [
  "supportGroup",
  "introVideo",
  "interview",
  "demoSession",
  "photoSession",
];

/** How a step shows on the checklist: done, the one to act on now, waiting on someone, or locked. */
export type StepStatus = "done" | "current" | "pending" | "rejected" | "locked" | "studio";

export type StepRow = { key: StepKey; status: StepStatus; step: OnboardingStep | null };

/** The five steps in order with what the checklist shows for each, from GET /onboarding. */
export function stepRows(onboarding: Onboarding): StepRow[] {
  return stepOrder.map((key) => {
    if (key === "supportGroup") {
      const done = onboarding.supportGroup.joined;
      return { key, step: null, status: done ? "done" : "current" };
    }
    const step = onboarding[key];
    // Once the tutor has asked a studio, the studio sets the time and uploads: the tutor waits for it.
    if (key === "photoSession" && step.state === "pending") return { key, step, status: "studio" };
    return { key, step, status: statusOf(step) };
  });
}

function statusOf(step: OnboardingStep): StepStatus {
  if (step.state === "passed") return "done";
  if (step.state === "pending") return "pending";
  if (step.state === "rejected") return step.next === "wait" ? "rejected" : "current";
  return step.next === "wait" ? "locked" : "current";
}

/** Every step passed (or bypassed) and the account is active. */
export function isOnboarded(onboarding: Onboarding): boolean {
  return onboarding.activated || onboarding.current === null;
}

// ---------------------------------------------------------------------------------------------
// Intro video file

export type VideoFileProblem = "video-type" | "video-size" | "video-empty";

/** Type (mp4/webm) and size (400 MB) checked before anything is sent. */
export function videoFileProblem(file: Pick<File, "type" | "size">): VideoFileProblem | null {
  if (!(introVideoTypes as readonly string[]).includes(file.type)) return "video-type";
  if (file.size <= 0) return "video-empty";
  if (file.size > bounds.fileBytes.introVideo) return "video-size";
  return null;
}

export type DurationProblem = "short-video-duration" | "long-video-duration";

/** The intro video lasts 1 to 3 minutes (the server checks the same rule). */
export function durationProblem(seconds: number): DurationProblem | null {
  if (seconds < bounds.introVideoSeconds.min) return "short-video-duration";
  if (seconds > bounds.introVideoSeconds.max) return "long-video-duration";
  return null;
}

export type PartRange = { partNumber: number; start: number; end: number };

/** Byte ranges [start, end) of each multipart part; every part but the last is partSize long. */
export function splitParts(size: number, partSize: number): PartRange[] {
  if (size <= 0 || partSize <= 0) return [];
  const parts: PartRange[] = [];
  for (let start = 0, partNumber = 1; start < size; start += partSize, partNumber++) {
    parts.push({ partNumber, start, end: Math.min(size, start + partSize) });
  }
  return parts;
}

/** Overall progress (0..1) from the bytes of finished parts and the bytes sent of the current one. */
export function uploadFraction(total: number, doneBytes: number, currentBytes: number): number {
  if (total <= 0) return 0;
  return Math.min(1, (doneBytes + currentBytes) / total);
}

// ---------------------------------------------------------------------------------------------
// Free interview / demo starts, grouped by the viewer's days in Saturday-first weeks

export type StartDay = { day: string; starts: string[] };
export type StartWeek = { weekStart: string; days: StartDay[] };

export function groupStarts(starts: readonly string[]): StartWeek[] {
  const weeks: StartWeek[] = [];
  for (const start of [...starts].sort()) {
    const day = viewerDayKey(start);
    const weekStart = weekStartOf(day);
    let week = weeks.at(-1);
    if (week?.weekStart !== weekStart) weeks.push((week = { weekStart, days: [] }));
    let entry = week.days.at(-1);
    if (entry?.day !== day) week.days.push((entry = { day, starts: [] }));
    entry.starts.push(start);
  }
  return weeks;
}

/** The tutor may cancel a pending booking only before it starts. */
export function canCancelBefore(start: string, now: Date): boolean {
  return Date.parse(start) > now.getTime();
}
