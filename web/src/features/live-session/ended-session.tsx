import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { AttendanceEntry, SessionView } from "@schema/api/session";
import { LessonDuration } from "@schema/enums";
import { arLive } from "../../i18n/ar-EG-live";
import { formatMoney, formatWhen } from "../../lib/format";
import { byGender, formatDurationWords } from "../../lib/plural";
import { useSession } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { bookingWindow } from "../lessons/calendar";
import { useFreeTimesQuery } from "../lessons/use-lessons";
import { useMyRatingsQuery } from "../ratings/use-ratings";
import { useSessionView } from "./use-session-view";
import { bookAgainPath } from "../learning/book-again";

// The rating form loads when it is opened, not with the room (docs/performance.md).
const RatingDialog = lazy(async () => ({
  default: (await import("../ratings/rating-dialog")).RatingDialog,
}));

const t = arLive.endedSession;

/** A member's time in the room during the session (join/leave pairs clipped to start..end), in minutes. */
export function minutesAttended(
  log: readonly AttendanceEntry[],
  userId: number,
  start: string,
  end: string,
): number | null {
  const from = Date.parse(start);
  const to = Date.parse(end);
  let joinedAt: number | null = null;
  let joined = false;
  let total = 0;
  for (const entry of log) {
    if (entry.userId !== userId) continue;
    const at = Date.parse(entry.at);
    if (entry.event === 1) {
      joined = true;
      joinedAt ??= at;
    } else if (joinedAt !== null) {
      total += Math.max(0, Math.min(at, to) - Math.max(joinedAt, from));
      joinedAt = null;
    }
  }
  // Still in the room when the session ended (no leave written): counted up to the end.
  if (joinedAt !== null) total += Math.max(0, to - Math.max(joinedAt, from));
  return joined ? total / 60_000 : null;
}

/** «حضر نص ساعة», «حضرت أقل من دقيقة», «مدخلش»: one line per member, in their gender. */
function attendanceLine(view: SessionView, member: SessionView["members"][number], selfId: number): string {
  const minutes = minutesAttended(view.attendance, member.id, view.start, view.end);
  const time = minutes === null ? null : minutes < 1 ? t.lessThanMinute : formatDurationWords(minutes);
  if (member.id === selfId) return time === null ? t.youAbsent : t.youAttended(time);
  const name = member.name ?? arLive.liveSession.otherMember;
  return time === null
    ? byGender(t.absent, member.gender, name)
    : byGender(t.attended, member.gender, name, time);
}

/**
 * A session's page after its end: who attended and for how long; for a lesson's student the rating
 * prompt (or their rating to edit) and «احجز مرة أخرى» at the tutor's soonest free time; for its
 * tutor what they earned; and the way back to the lessons. `children` follow (e.g. the tutor's note).
 */
export function EndedSession({ view: shown, children }: { view: SessionView; children?: ReactNode }) {
  const { user } = useSession();
  // Read again once shown: the page's copy was read before the call, so its attendance log is not complete.
  const fresh = useSessionView(shown.id);
  const { refetch } = fresh;
  useEffect(() => void refetch(), [refetch]);
  const view = fresh.data ?? shown;
  const selfId = user?.id ?? 0;
  const self = view.members.find((member) => member.id === selfId);
  const tutor = view.members.find((member) => member.role === "tutor");
  const isStudent = view.kind === "lesson" && self?.role === "student";
  return (
    <div className="flex flex-col gap-4" data-ended-session="">
      <Card title={t.whatHappened}>
        <ul className="flex flex-col gap-1 text-sm text-slate-800">
          {view.members.map((member) => (
            <li key={member.id}>
              <bdi>{attendanceLine(view, member, selfId)}</bdi>
            </li>
          ))}
        </ul>
      </Card>
      {view.earning !== null && (
        <Card title={byGender(t.earning, user?.gender, formatMoney(view.earning))}>
          <p className="text-sm text-slate-700">{t.earningNote}</p>
          <Link to="/invoices" className={buttonClasses("secondary", "md", "mt-3 self-start")}>
            {t.toWithdrawals}
          </Link>
        </Card>
      )}
      {isStudent && tutor && <RateLesson tutor={tutor} />}
      {isStudent && tutor && (
        <BookAgain tutor={tutor} duration={lessonMinutes(view) <= LessonDuration.Short ? 15 : 30} />
      )}
      {children}
      <Link to="/upcoming-lessons" className={buttonClasses("secondary", "md", "self-start")}>
        {t.backToLessons}
      </Link>
    </div>
  );
}

type Member = SessionView["members"][number];

function RateLesson({ tutor }: { tutor: Member }) {
  const ratings = useMyRatingsQuery();
  const [open, setOpen] = useState(false);
  if (!ratings.isSuccess) return null;
  const existing = ratings.data.get(tutor.id) ?? null;
  const name = tutor.name ?? arLive.liveSession.otherMember;
  return (
    <Card title={t.rateTitle}>
      {existing && <p className="mb-3 text-sm text-slate-700">{t.rated}</p>}
      <Button variant={existing ? "secondary" : "primary"} onClick={() => setOpen(true)}>
        {existing ? t.editRating : t.rate(name)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RatingDialog
            tutorId={tutor.id}
            tutorName={name}
            existing={existing}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** «احجز مرة أخرى» with the tutor's soonest free time in the next two weeks (the booking calendar's answer). */
/** A lesson's length in minutes (15 or 30, docs/rules.md, Lessons). */
const lessonMinutes = (view: SessionView) => (Date.parse(view.end) - Date.parse(view.start)) / 60_000;

/** «احجز مرة أخرى»: the tutor's booking at the soonest free time, with this lesson's length (web/src/features/learning/book-again.tsx). */
function BookAgain({ tutor, duration }: { tutor: Member; duration: 15 | 30 }) {
  const [now] = useState(() => new Date());
  const range = useMemo(() => bookingWindow(now, 14), [now]);
  const free = useFreeTimesQuery(tutor.id, range, duration);
  const soonest = free.data?.starts[0] ?? null;
  return (
    <Card title={t.bookAgainTitle}>
      <p className="mb-3 text-sm text-slate-700" data-book-again="">
        {free.isSuccess ? (soonest ? t.soonest(formatWhen(soonest)) : t.noSoonTime) : " "}
      </p>
      <Link to={bookAgainPath(tutor.id, duration)} className={buttonClasses("primary", "md")}>
        {t.bookAgain}
        <span className="sr-only">
          {" "}
          <bdi>{tutor.name ?? ""}</bdi>
        </span>
      </Link>
    </Card>
  );
}
