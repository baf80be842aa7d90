import type { StudioTutorView } from "@schema/api/photo-session";
import { PhotoSessionStatus } from "@schema/enums";
import { zonedInstant, zonedParts, type PlainDay } from "../availability/week";

export const openStatuses: readonly PhotoSessionStatus[] = [
  PhotoSessionStatus.Pending,
  PhotoSessionStatus.Scheduled,
];

/** A pending or scheduled session can still be scheduled, uploaded to, finished or cancelled. */
export function isOpen(status: PhotoSessionStatus | undefined): boolean {
  return status !== undefined && openStatuses.includes(status);
}

/** The studio may mark the session done only once photo, video and thumbnail are uploaded. */
export function missingMedia(
  tutor: Pick<StudioTutorView, "image" | "video" | "thumbnail">,
): Array<"image" | "video" | "thumbnail"> {
  return (["image", "video", "thumbnail"] as const).filter((kind) => !tutor[kind]);
}

/** Appointment times offered in the form: every 15 minutes from 08:00 to 22:00, Cairo time. */
export const appointmentMinutes: readonly number[] = Array.from(
  { length: (22 - 8) * 4 + 1 },
  (_, index) => 8 * 60 + index * 15,
);

/** The Cairo day and minute of a stored time, for the form's first values. */
export function appointmentParts(scheduledAt: string | null, now: Date): { day: PlainDay; minute: string } {
  if (!scheduledAt) return { day: zonedParts(now).day, minute: "" };
  const { day, minute } = zonedParts(new Date(scheduledAt));
  return { day, minute: String(minute) };
}

export type AppointmentProblem = "required" | "slot-time-passed";

/** The ISO instant of a Cairo day and time, or why it cannot be used. */
export function appointmentInstant(
  day: string,
  minute: string,
  now: Date,
): { ok: true; at: string } | { ok: false; problem: AppointmentProblem } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || minute === "") return { ok: false, problem: "required" };
  const instant = zonedInstant(day, Number(minute));
  if (!instant) return { ok: false, problem: "required" };
  if (instant.getTime() <= now.getTime()) return { ok: false, problem: "slot-time-passed" };
  return { ok: true, at: instant.toISOString() };
}
