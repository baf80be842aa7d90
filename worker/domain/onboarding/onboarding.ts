import { and, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type {
  Onboarding,
  OnboardingAdminBody,
  OnboardingStep,
  TutorActivation,
} from "../../../schema/api/onboarding";
import { demoSessions, interviews, introVideos, photoSessions, tutors, users } from "../../../schema/db";
import {
  InterviewStatus,
  IntroVideoStatus,
  PhotoSessionStatus,
  ReviewStatus,
  Role,
} from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { auditStatement, type AuditActor } from "../staff/audit";
import { linksSettingSql, parseLinks } from "../staff/platform-settings";

/** After a rejection (intro video, interview), a new attempt 3 months later (docs/rules.md, Tutors). */
export const RETRY_AFTER_REJECTION_MONTHS = 3;
/** 6 months between interview starts, cancelled ones not counted (docs/rules.md, Tutors). */
export const MONTHS_BETWEEN_INTERVIEWS = 6;

/** The same instant `months` calendar months earlier (UTC). */
export function monthsBefore(at: Date | string, months: number): string {
  const date = new Date(at);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

export function monthsAfter(at: Date | string, months: number): string {
  return monthsBefore(at, -months);
}

/**
 * Activates the tutor when the interview and the demo session are passed and an intro video is
 * approved (or an admin set "bypass onboarding"). Meant to run in the same db.batch as the
 * decision that completes the set, after it, so the check sees that decision.
 */
export function activateIfComplete(db: Db, tutorId: number, at: string) {
  return db
    .update(tutors)
    .set({ activated: true, updatedAt: at })
    .where(
      and(
        eq(tutors.id, tutorId),
        eq(tutors.activated, false),
        sql`(bypass_onboarding = 1 OR (
          EXISTS (SELECT 1 FROM interviews i WHERE i.interviewee_id = ${tutorId} AND i.status = ${InterviewStatus.Passed})
          AND EXISTS (SELECT 1 FROM demo_sessions d WHERE d.tutor_id = ${tutorId} AND d.status = ${ReviewStatus.Passed})
          AND EXISTS (SELECT 1 FROM intro_videos v WHERE v.tutor_id = ${tutorId} AND v.status = ${IntroVideoStatus.Approved})))`,
      ),
    )
    .returning({ id: tutors.id });
}

const tutorSide = (tutorId: number) =>
  and(eq(users.id, tutorId), isNull(users.deletedAt), inArray(users.role, [Role.Tutor, Role.TutorManager]));

/** Onboarding step 1: the tutor says they joined the support group. */
export async function markSupportGroupJoined(db: Db, tutorId: number, now = new Date()): Promise<void> {
  const rows = await db
    .update(tutors)
    .set({ supportGroupJoined: true, updatedAt: now.toISOString() })
    .where(and(eq(tutors.id, tutorId), sql`EXISTS (SELECT 1 FROM ${users} WHERE ${tutorSide(tutorId)})`))
    .returning({ id: tutors.id });
  if (rows.length === 0) fail("tutor-not-found");
}

/** An admin activates, deactivates, or sets "bypass onboarding" (which activates unless told otherwise). */
export async function setTutorActivation(
  db: Db,
  tutorId: number,
  body: OnboardingAdminBody,
  now = new Date(),
  auditBy?: AuditActor,
): Promise<TutorActivation & { wasActivated: boolean }> {
  const activated = body.activated ?? (body.bypassOnboarding === true ? true : undefined);
  const after = {
    ...(activated !== undefined ? { activated } : {}),
    ...(body.bypassOnboarding !== undefined ? { bypassOnboarding: body.bypassOnboarding } : {}),
  };
  const audit = auditBy
    ? [
        auditStatement(
          db,
          auditBy,
          { action: "onboarding.activate", targetType: "tutor", targetId: tutorId, after },
          now,
        ),
      ]
    : [];
  // One batch (one transaction): the state before, then the change and its audit row.
  const [before, rows] = await db.batch([
    db.select({ activated: tutors.activated }).from(tutors).where(eq(tutors.id, tutorId)),
    db
      .update(tutors)
      .set({
        ...(activated !== undefined ? { activated } : {}),
        ...(body.bypassOnboarding !== undefined ? { bypassOnboarding: body.bypassOnboarding } : {}),
        updatedAt: now.toISOString(),
      })
      .where(and(eq(tutors.id, tutorId), sql`EXISTS (SELECT 1 FROM ${users} WHERE ${tutorSide(tutorId)})`))
      .returning({ id: tutors.id, activated: tutors.activated, bypassOnboarding: tutors.bypassOnboarding }),
    ...audit,
  ]);
  const [row] = rows;
  if (!row) return fail("tutor-not-found");
  return {
    tutorId: row.id,
    activated: row.activated,
    bypassOnboarding: row.bypassOnboarding,
    wasActivated: before[0]?.activated ?? false,
  };
}

const emptyStep = (): OnboardingStep => ({
  state: "todo",
  next: "book",
  id: null,
  retryAt: null,
  start: null,
  feedback: null,
});

function retryStep(step: OnboardingStep, rejectedAt: string, now: Date): OnboardingStep {
  const retryAt = monthsAfter(rejectedAt, RETRY_AFTER_REJECTION_MONTHS);
  return retryAt > now.toISOString()
    ? { ...step, state: "rejected", next: "wait", retryAt }
    : { ...step, state: "rejected", retryAt: null };
}

/** Every step's state and next action (one D1 round trip). */
export async function findOnboarding(db: Db, tutorId: number, now = new Date()): Promise<Onboarding> {
  const at = now.toISOString();
  const [tutorRows, videos, interviewRows, demoRows, photoRows] = await db.batch([
    db
      .select({
        activated: tutors.activated,
        bypassOnboarding: tutors.bypassOnboarding,
        supportGroupJoined: tutors.supportGroupJoined,
        image: users.image,
        video: tutors.video,
        thumbnail: tutors.thumbnail,
        // The tutors' group link is a platform setting (null: unset), read in the same batch.
        links: linksSettingSql,
      })
      .from(tutors)
      .innerJoin(users, eq(users.id, tutors.id))
      .where(tutorSide(tutorId)),
    db
      .select()
      .from(introVideos)
      .where(eq(introVideos.tutorId, tutorId))
      .orderBy(desc(introVideos.createdAt), desc(introVideos.id))
      .limit(1),
    db
      .select()
      .from(interviews)
      .where(
        and(
          eq(interviews.intervieweeId, tutorId),
          notInArray(interviews.status, [
            InterviewStatus.CanceledByInterviewer,
            InterviewStatus.CanceledByInterviewee,
          ]),
        ),
      )
      .orderBy(desc(interviews.start))
      .limit(1),
    db
      .select()
      .from(demoSessions)
      .where(
        and(
          eq(demoSessions.tutorId, tutorId),
          inArray(demoSessions.status, [ReviewStatus.Pending, ReviewStatus.Passed, ReviewStatus.Rejected]),
        ),
      )
      .orderBy(desc(demoSessions.start))
      .limit(1),
    db
      .select()
      .from(photoSessions)
      .where(
        and(
          eq(photoSessions.tutorId, tutorId),
          sql`${photoSessions.status} <> ${PhotoSessionStatus.Canceled}`,
        ),
      )
      .orderBy(desc(photoSessions.createdAt), desc(photoSessions.id))
      .limit(1),
  ]);
  const [tutor] = tutorRows;
  if (!tutor) return fail("tutor-not-found");

  const [video] = videos;
  let introVideo: OnboardingStep = { ...emptyStep(), next: "upload" };
  if (video) {
    const base = { ...introVideo, id: video.id, feedback: video.feedback };
    if (video.status === IntroVideoStatus.Pending)
      introVideo = { ...base, state: "pending", next: "wait-review" };
    else if (video.status === IntroVideoStatus.Approved)
      introVideo = { ...base, state: "passed", next: "done" };
    else introVideo = retryStep(base, video.reviewedAt ?? video.createdAt, now);
  }

  const [interview] = interviewRows;
  let interviewStep = emptyStep();
  if (interview) {
    const base = { ...interviewStep, id: interview.id, start: interview.start, feedback: interview.feedback };
    if (interview.status === InterviewStatus.Pending)
      interviewStep = { ...base, state: "pending", next: interview.end > at ? "attend" : "wait" };
    else if (interview.status === InterviewStatus.Passed)
      interviewStep = { ...base, state: "passed", next: "done" };
    else interviewStep = retryStep(base, interview.decidedAt ?? interview.start, now);
  }

  const [demo] = demoRows;
  let demoStep: OnboardingStep =
    introVideo.state === "passed" ? emptyStep() : { ...emptyStep(), next: "wait" };
  if (demo) {
    const base = { ...demoStep, id: demo.id, start: demo.start, feedback: demo.feedback };
    if (demo.status === ReviewStatus.Pending)
      demoStep = { ...base, state: "pending", next: demo.end > at ? "attend" : "wait" };
    else if (demo.status === ReviewStatus.Passed) demoStep = { ...base, state: "passed", next: "done" };
    else demoStep = { ...base, state: "rejected" };
  }

  // Step 5: book a studio, wait for it to set the time, attend; done once the studio finished
  // (or, without a session, once an admin uploaded the image, video and thumbnail).
  const [photo] = photoRows;
  let photoStep = emptyStep();
  if (photo) {
    const base = { ...photoStep, id: photo.id, start: photo.scheduledAt, feedback: photo.note };
    if (photo.status === PhotoSessionStatus.Done) photoStep = { ...base, state: "passed", next: "done" };
    else if (photo.status === PhotoSessionStatus.Scheduled)
      photoStep = { ...base, state: "pending", next: "attend" };
    else photoStep = { ...base, state: "pending", next: "wait" };
  } else if (tutor.image && tutor.video && tutor.thumbnail) {
    photoStep = { ...photoStep, state: "passed", next: "done" };
  }

  const steps = [
    ["supportGroup", tutor.supportGroupJoined],
    ["introVideo", introVideo.state === "passed"],
    ["interview", interviewStep.state === "passed"],
    ["demoSession", demoStep.state === "passed"],
    ["photoSession", photoStep.state === "passed"],
  ] as const;
  const firstOpen = steps.find(([, done]) => !done)?.[0];
  return {
    tutorId,
    activated: tutor.activated,
    bypassOnboarding: tutor.bypassOnboarding,
    supportGroup: {
      joined: tutor.supportGroupJoined,
      link: parseLinks(tutor.links)?.tutorsGroup ?? null,
      next: tutor.supportGroupJoined ? "done" : "join",
    },
    introVideo,
    interview: interviewStep,
    demoSession: demoStep,
    photoSession: photoStep,
    current: firstOpen ?? (tutor.activated ? null : "activation"),
  };
}
