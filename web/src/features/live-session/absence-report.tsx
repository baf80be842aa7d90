import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arLive } from "../../i18n/ar-EG-live";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { useReportAbsence } from "./use-session-view";

/** The student's "the tutor did not come" button (from 3 minutes after the start). */
export function AbsenceReport({ sessionId }: { sessionId: string }) {
  const report = useReportAbsence(sessionId);
  if (report.isSuccess) return <Notice tone="success">{arLive.liveSession.reportedAbsence}</Notice>;
  const code = report.error ? errorCodeOf(report.error) : null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm text-slate-800">{arLive.liveSession.reportAbsenceHint}</p>
      <Button
        variant="secondary"
        loading={report.isPending}
        onClick={() => report.mutate()}
        className="self-start"
      >
        {arLive.liveSession.reportAbsence}
      </Button>
      {code && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(code)}
        </p>
      )}
    </div>
  );
}
