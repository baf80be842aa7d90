import { lazy, Suspense, useState } from "react";
import type { SessionView } from "@schema/api/session";
import { arProgress } from "../../../i18n/ar-EG-learning-progress";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { LevelBadge } from "./level-badge";
import { useLevelHistoryQuery } from "./use-level";

// The form (and the validation bounds) loads when it is opened.
const LevelDialog = lazy(async () => ({ default: (await import("./level-dialog")).LevelDialog }));

const t = arProgress.level;

/**
 * On an ended, not cancelled lesson's page, for its tutor: the student's level now and the way to
 * set it (docs/rules.md, "Learning after the lesson"). Nothing for anyone else or before the end.
 */
export function LessonLevelCard({ view, now }: { view: SessionView; now: number }) {
  const selfId = useSession().user?.id ?? 0;
  const student = view.members.find((member) => member.role === "student");
  const isTutor = view.members.some((member) => member.id === selfId && member.role === "tutor");
  const show =
    view.kind === "lesson" && !view.canceled && now >= Date.parse(view.end) && isTutor && !!student;
  const history = useLevelHistoryQuery(student?.id ?? 0, show);
  const [open, setOpen] = useState(false);
  if (!show || !student) return null;
  const current = history.data?.current ?? null;
  const lessonId = Number(view.id.split(":")[1]);
  return (
    <Card title={t.cardTitle} data-lesson-level="">
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <span>{t.current}</span>
        {current ? (
          <>
            <LevelBadge level={current} />
            <span>{t.names[current]}</span>
          </>
        ) : (
          <span>{history.isSuccess ? t.none : " "}</span>
        )}
      </p>
      <Button variant={current ? "secondary" : "primary"} onClick={() => setOpen(true)}>
        {current ? t.change : t.set}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LevelDialog
            studentId={student.id}
            studentName={student.name ?? ""}
            lessonId={lessonId}
            current={current}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
