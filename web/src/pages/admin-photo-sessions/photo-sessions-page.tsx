import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import type { PhotoSessionView } from "@schema/api/photo-session";
import { PhotoSessionStatus } from "@schema/enums";
import { AdminFormDialog } from "../../features/admin-area/admin-form-dialog";
import { ConfirmDialog, Pagination, QueryState } from "../../features/admin-area/admin-ui";
import { statusTone } from "../../features/studio/photo-session-panel";
import { isOpen } from "../../features/studio/session-rules";
import {
  sessionsPageSize,
  usePatchPhotoSession,
  usePhotoSessionsQuery,
  useStudiosQuery,
} from "../../features/studio/use-studio";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.photoSessions;
const statusNames = arTutorJourney.studio.statuses;
const noName = arAdmin.adminArea.common.noName;

function ReassignDialog({ session, onClose }: { session: PhotoSessionView | null; onClose: () => void }) {
  const studios = useStudiosQuery(session !== null);
  const patch = usePatchPhotoSession();
  const [studioId, setStudioId] = useState("");
  const [openedFor, setOpenedFor] = useState<PhotoSessionView | null>(null);
  if (session !== openedFor) {
    setOpenedFor(session);
    setStudioId(session?.studioId ? String(session.studioId) : "");
    patch.reset();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!session || !studioId) return;
    patch.mutate(
      { id: session.id, studioId: Number(studioId) },
      {
        onSuccess: () => {
          toasts.show({ id: "photo-session-moved", type: "success", title: t.moved });
          onClose();
        },
      },
    );
  }
  return (
    <AdminFormDialog
      open={session !== null}
      onClose={onClose}
      title={t.reassignTitle}
      description={session ? t.reassignBody(session.tutorName ?? noName) : undefined}
      onSubmit={submit}
      noValidate={false}
      error={patch.isError ? errorCodeOf(patch.error) : null}
      pending={patch.isPending}
      submitDisabled={!studioId || Number(studioId) === session?.studioId}
    >
      <Select
        label={t.newStudio}
        required
        value={studioId}
        onChange={(event) => setStudioId(event.target.value)}
        options={(studios.data?.list ?? []).map((studio) => ({
          value: String(studio.id),
          label: studio.name ?? noName,
        }))}
      />
    </AdminFormDialog>
  );
}

/** /admin/photo-sessions — every tutor's photo session: filter by status, move to another studio, cancel. */
export function AdminPhotoSessionsPage() {
  const [status, setStatus] = useState<PhotoSessionStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const sessions = usePhotoSessionsQuery(status, page);
  const [moving, setMoving] = useState<PhotoSessionView | null>(null);
  const [canceling, setCanceling] = useState<PhotoSessionView | null>(null);
  const cancel = usePatchPhotoSession();
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <Card>
        <div className="mb-4 max-w-xs">
          <Select
            label={t.statusFilter}
            value={status ?? ""}
            onChange={(event) => {
              setStatus((event.target.value || undefined) as PhotoSessionStatus | undefined);
              setPage(1);
            }}
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              ...Object.values(PhotoSessionStatus).map((value) => ({ value, label: statusNames[value] })),
            ]}
          />
        </div>
        <QueryState query={sessions} isEmpty={(data) => data.list.length === 0} empty={t.empty}>
          {(data) => (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.title}>
                {data.list.map((session) => (
                  <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="flex flex-col gap-0.5">
                      <Link
                        to={`/admin/tutor/${session.tutorId}`}
                        className="font-medium text-brand-800 underline-offset-2 hover:underline"
                      >
                        <bdi>{session.tutorName ?? noName}</bdi>
                      </Link>
                      <span className="text-sm text-slate-700">
                        {session.studioName ? t.studio(session.studioName) : t.noStudio}
                      </span>
                      <span className="text-sm text-slate-700">
                        {session.scheduledAt ? t.at(formatDateTime(session.scheduledAt)) : t.noTime}
                      </span>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={statusTone[session.status]}>{statusNames[session.status]}</Badge>
                      <Link
                        to={`/admin/photo-session/${session.tutorId}`}
                        className="text-sm font-medium text-brand-800 underline underline-offset-2"
                        aria-label={`${t.openStudioPage} — ${session.tutorName ?? noName}`}
                      >
                        {t.openStudioPage}
                      </Link>
                      {isOpen(session.status) && (
                        <>
                          <Button variant="secondary" size="sm" onClick={() => setMoving(session)}>
                            {t.reassign}
                          </Button>
                          <Button variant="danger" size="sm" onClick={() => setCanceling(session)}>
                            {t.cancel}
                          </Button>
                        </>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={page} total={data.total} size={sessionsPageSize} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </Card>
      <ReassignDialog session={moving} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={canceling !== null}
        title={t.cancelTitle}
        body={canceling ? t.cancelBody(canceling.tutorName ?? noName) : ""}
        confirmLabel={t.confirmCancel}
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => {
          setCanceling(null);
          cancel.reset();
        }}
        onConfirm={() =>
          canceling &&
          cancel.mutate(
            { id: canceling.id, status: PhotoSessionStatus.Canceled },
            {
              onSuccess: () => {
                setCanceling(null);
                toasts.show({ id: "photo-session-canceled", type: "success", title: t.canceled });
              },
            },
          )
        }
      />
    </PageFrame>
  );
}
