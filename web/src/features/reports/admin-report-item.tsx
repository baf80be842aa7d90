import { useState } from "react";
import type { ReportView } from "@schema/api/report";
import { errorMessage } from "../../i18n/ar-EG";
import { support } from "../../i18n/ar-EG-support";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { openPrivateFile } from "../../lib/private-file";
import { Button } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { TextArea } from "../onboarding/text-area";
import { useUpdateReport } from "./use-reports";

const t = support.adminReports;

/** One report for staff: what was sent, its attachments, the team note, resolve or reopen (a list item, or a block inside a dialog). */
export function AdminReportItem({
  report,
  as: Tag = "li",
  showTitle = true,
  onSaved,
}: {
  report: ReportView;
  as?: "li" | "div";
  showTitle?: boolean;
  /** The report as the API answered the change (the table's dialog keeps showing it). */
  onSaved?: (report: ReportView) => void;
}) {
  const [note, setNote] = useState(report.note ?? "");
  const [assetError, setAssetError] = useState<string | null>(null);
  const update = useUpdateReport();
  const resolved = report.status === "resolved";

  function change(body: { status?: ReportView["status"]; note?: string }) {
    update.mutate(
      { id: report.id, ...body },
      {
        onSuccess: (saved) => {
          toasts.show({ id: `report-${report.id}`, type: "success", title: t.saved });
          onSaved?.(saved);
        },
      },
    );
  }

  function open(path: string) {
    setAssetError(null);
    openPrivateFile(path).catch((error: unknown) => setAssetError(errorMessage(errorCodeOf(error))));
  }

  return (
    <Tag className={Tag === "li" ? "flex flex-col gap-3 py-5" : "flex flex-col gap-3"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {showTitle && (
          <h2 className="text-lg font-bold text-slate-900">
            <bdi>{report.title}</bdi>
          </h2>
        )}
        <Badge tone={resolved ? "success" : "warning"}>{t.statuses[report.status]}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {t.from}{" "}
        {report.reporter ? (
          <>
            {report.reporter.name && <bdi className="font-medium">{report.reporter.name} </bdi>}
            <bdi dir="ltr">{report.reporter.email}</bdi>
          </>
        ) : (
          t.anonymous
        )}
        {" · "}
        {t.sentOn(formatDateTime(report.createdAt))}
        {report.resolvedAt && ` · ${t.resolvedOn(formatDateTime(report.resolvedAt))}`}
      </p>
      <p dir="auto" className="leading-7 whitespace-pre-wrap text-slate-800">
        {report.description}
      </p>
      <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-2">
        {report.url && (
          <>
            <dt className="font-medium">{t.page}</dt>
            <dd className="break-all">
              <bdi dir="ltr">{report.url}</bdi>
            </dd>
          </>
        )}
        {report.source && (
          <>
            <dt className="font-medium">{t.source}</dt>
            <dd>
              <bdi dir="ltr">{report.source}</bdi>
            </dd>
          </>
        )}
        {report.userAgent && (
          <>
            <dt className="font-medium">{t.browser}</dt>
            <dd className="break-all">
              <bdi dir="ltr">{report.userAgent}</bdi>
            </dd>
          </>
        )}
      </dl>
      {(report.screenshot || report.log) && (
        <div className="flex flex-wrap gap-2">
          {report.screenshot && (
            <Button variant="secondary" size="sm" onClick={() => open(report.screenshot!)}>
              {t.screenshot}
            </Button>
          )}
          {report.log && (
            <Button variant="secondary" size="sm" onClick={() => open(report.log!)}>
              {t.log}
            </Button>
          )}
        </div>
      )}
      {assetError && <Notice tone="error">{assetError}</Notice>}
      <TextArea
        label={t.noteLabel}
        hint={t.noteHint}
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {update.isError && <Notice tone="error">{errorMessage(errorCodeOf(update.error))}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={update.isPending}
          disabled={note.trim() === (report.note ?? "")}
          onClick={() => change({ note })}
        >
          {t.saveNote}
        </Button>
        <Button
          size="sm"
          variant={resolved ? "secondary" : "primary"}
          loading={update.isPending}
          onClick={() => change({ status: resolved ? "open" : "resolved", note })}
        >
          {resolved ? t.reopen : t.resolve}
        </Button>
      </div>
    </Tag>
  );
}
