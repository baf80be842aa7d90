import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { privacyContracts, type DataExportView } from "@schema/api/privacy";
// Shows catalogue codes (export-too-soon): their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { errorMessage } from "../../i18n/ar-EG";
import { privacyData } from "../../i18n/ar-EG-privacy";
import { errorCodeOf } from "../../lib/api-error";
import { apiUrl } from "../../lib/api-url";
import { call } from "../../lib/client";
import { saveFile } from "../../lib/download";
import { formatDateTime } from "../../lib/format";
import { session } from "../../lib/session";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { toasts } from "../../ui/toast-store";

const t = privacyData.exportCard;
const PAGE_SIZE = 5;
export const exportsKey = ["privacy", "exports"] as const;

const stateTone: Record<DataExportView["state"], string> = {
  pending: "bg-amber-50 text-amber-800",
  ready: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
  expired: "bg-slate-100 text-slate-700",
};

/** The ZIP fetched with the bearer token and saved under the name the API gives. */
async function download(item: DataExportView) {
  if (!item.url) return;
  const token = session.liveToken();
  const response = await fetch(apiUrl(item.url.replace(/^\/api\/v1/, "")), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(String(response.status));
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  saveFile(await response.blob(), name ?? `dars-my-data-${item.id}.zip`);
}

/**
 * «تنزيل بياناتي» in the student's and tutor's settings (docs/rules.md, "Your data: export,
 * consents, retention"): ask for a copy (one a day), follow it while it is built, download it for 7 days.
 */
export function DataExportCard() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...exportsKey, page],
    queryFn: () => call(privacyContracts.listExports, { query: { page, size: PAGE_SIZE } }),
    // Followed while one is being built; the email says so too.
    refetchInterval: (query) =>
      query.state.data?.list.some((item) => item.state === "pending") ? 3000 : false,
  });
  const request = useMutation({
    mutationFn: () => call(privacyContracts.requestExport),
    onSuccess: () => {
      toasts.show({ id: "export-requested", type: "success", title: t.requested });
      setPage(1);
      void client.invalidateQueries({ queryKey: exportsKey });
    },
  });
  const fetchFile = useMutation({
    mutationFn: download,
    onError: () => toasts.show({ id: "export-download", type: "error", title: t.downloadFailed }),
  });
  const failure = request.error ? errorCodeOf(request.error) : null;
  const items = list.data?.list ?? [];

  return (
    <Card title={t.title}>
      <div className="flex flex-col gap-4">
        <p className="text-sm leading-relaxed text-slate-700">{t.intro}</p>
        <p className="text-sm text-slate-600">{t.once}</p>
        {failure && <Notice tone="error">{errorMessage(failure)}</Notice>}
        <div>
          <Button onClick={() => request.mutate()} loading={request.isPending} data-testid="request-export">
            {t.request}
          </Button>
        </div>
        {list.data && items.length === 0 && <p className="text-sm text-slate-600">{t.empty}</p>}
        {items.length > 0 && (
          <ul
            aria-label={t.listLabel}
            className="flex flex-col divide-y divide-slate-100"
            data-testid="exports"
          >
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="flex flex-col gap-1">
                  <span id={`export-${item.id}-when`} className="text-sm text-slate-900">
                    {t.requestedAt(formatDateTime(item.createdAt))}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span className={`rounded-full px-2 py-0.5 font-medium ${stateTone[item.state]}`}>
                      {t.states[item.state]}
                    </span>
                    {item.state === "ready" && item.expiresAt && (
                      <span>{t.until(formatDateTime(item.expiresAt))}</span>
                    )}
                  </span>
                </div>
                {item.state === "ready" && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-describedby={`export-${item.id}-when`}
                    loading={fetchFile.isPending && fetchFile.variables?.id === item.id}
                    onClick={() => fetchFile.mutate(item)}
                  >
                    {t.download}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          total={list.data?.total ?? 0}
          size={PAGE_SIZE}
          onPage={setPage}
          label={t.pages}
        />
      </div>
    </Card>
  );
}
