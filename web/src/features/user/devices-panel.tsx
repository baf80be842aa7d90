import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authContracts, type SignedInSessionView } from "@schema/api/auth";
import { accountSafety } from "../../i18n/ar-EG-account-safety";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { formatCountry, formatWhen } from "../../lib/format";
import { session } from "../../lib/session";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Badge, Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { useSignOut } from "../session/use-sign-out";
import { call } from "../../lib/client";

const t = accountSafety.devices;
const devicesKey = ["auth", "sessions"] as const;

/** GET /auth/sessions — this user's signed-in devices. */
export function useDevicesQuery() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => call(authContracts.sessions, { signal }),
  });
}

function Device({
  device,
  onEnd,
  ending,
}: {
  device: SignedInSessionView;
  onEnd: () => void;
  ending: boolean;
}) {
  const name = device.device === "—" ? t.unknownDevice : device.device;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span dir="ltr" className="[unicode-bidi:isolate]">
            {name}
          </span>
          {device.current && <Badge tone="success">{t.thisDevice}</Badge>}
        </span>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-slate-700">
          <dt>{t.place}:</dt>
          <dd>{formatCountry(device.country) ?? t.unknownPlace}</dd>
          <dt>{t.firstSeen}:</dt>
          <dd>{formatWhen(device.createdAt)}</dd>
          <dt>{t.lastSeen}:</dt>
          <dd>{formatWhen(device.lastSeenAt)}</dd>
        </dl>
      </div>
      {!device.current && (
        <Button variant="secondary" size="sm" loading={ending} onClick={onEnd} aria-label={t.endLabel(name)}>
          {t.end}
        </Button>
      )}
    </li>
  );
}

/** Settings «الأجهزة المتصلة»: each open session, this one marked; end one, all others, or all. */
export function DevicesPanel() {
  const devices = useDevicesQuery();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [confirmAll, setConfirmAll] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey });
  const endOne = useMutation({
    mutationFn: (id: string) => call(authContracts.endSession, { params: { id } }),
    onSuccess: () => {
      toasts.show({ id: "device-ended", type: "success", title: t.ended });
      void refresh();
    },
  });
  const endAll = useMutation({
    mutationFn: (keepCurrent: boolean) => call(authContracts.endAllSessions, { body: { keepCurrent } }),
    onSuccess: (_, keepCurrent) => {
      if (!keepCurrent) {
        session.logout("signed-out");
        signOut({ serverAlreadyEnded: true });
        return;
      }
      toasts.show({ id: "devices-ended", type: "success", title: t.endOthersDone });
      void refresh();
    },
  });
  const list = devices.data ?? [];
  const others = list.filter((device) => !device.current).length;
  const failure = endOne.error ?? endAll.error ?? devices.error;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t.intro}</p>
      {failure ? <Notice tone="error">{errorMessage(errorCodeOf(failure))}</Notice> : null}
      {devices.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          {t.loading}
        </p>
      ) : (
        <ul aria-label={t.listLabel} className="flex flex-col divide-y divide-slate-200">
          {list.map((device) => (
            <Device
              key={device.id}
              device={device}
              ending={endOne.isPending && endOne.variables === device.id}
              onEnd={() => endOne.mutate(device.id)}
            />
          ))}
        </ul>
      )}
      {devices.isSuccess && others === 0 && <p className="text-sm text-slate-600">{t.onlyThis}</p>}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={others === 0}
          loading={endAll.isPending && endAll.variables === true}
          onClick={() => endAll.mutate(true)}
        >
          {t.endOthers}
        </Button>
        <Button variant="danger" onClick={() => setConfirmAll(true)}>
          {t.endAll}
        </Button>
      </div>
      <Dialog
        open={confirmAll}
        onClose={() => setConfirmAll(false)}
        title={t.endAllTitle}
        description={t.endAllBody}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmAll(false)}>
            {ar.ui.cancel}
          </Button>
          <Button
            variant="danger"
            loading={endAll.isPending && endAll.variables === false}
            onClick={() => endAll.mutate(false)}
          >
            {t.confirmEndAll}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
