import { useState, type FormEvent } from "react";
import type { UserView } from "@schema/api/user";
import { timeZoneCity } from "@schema/time-zones";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { locale } from "../../lib/format";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { Select } from "../../ui/select";
import { toasts } from "../../ui/toast-store";
import { deviceTimeZone, timeZoneOptions } from "./time-zone-options";
import { useUpdateUser } from "./use-update-user";

const t = arAuth.settings;

/** Settings: the zone every time is shown in (and the reminders are written in). */
export function TimeZoneForm({ user }: { user: UserView }) {
  const [zone, setZone] = useState(user.timeZone);
  const update = useUpdateUser(user.id);
  const device = deviceTimeZone();
  const now = new Date();
  const options = timeZoneOptions(user.timeZone, device, now);
  const nowThere = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: "long",
    hour: "numeric",
    minute: "2-digit",
  }).format(now);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      { timeZone: zone },
      { onSuccess: () => toasts.show({ id: "time-zone-saved", type: "success", title: t.timeZoneSaved }) },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {update.error && <Notice tone="error">{errorMessage(errorCodeOf(update.error))}</Notice>}
      <Select
        label={t.timeZone}
        name="timeZone"
        required
        options={options}
        value={zone}
        onChange={(event) => setZone(event.target.value)}
      />
      <p className="text-sm text-slate-600">{t.timeZoneHint}</p>
      <p className="text-sm text-slate-800" aria-live="polite">
        {t.nowThere(nowThere)}
      </p>
      {device && device !== zone && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>{t.deviceZone(timeZoneCity(device))}</span>
          <Button variant="secondary" onClick={() => setZone(device)}>
            {t.useDeviceZone}
          </Button>
        </div>
      )}
      <Button
        type="submit"
        size="lg"
        loading={update.isPending}
        disabled={zone === user.timeZone}
        className="sm:self-start"
      >
        {ar.ui.save}
      </Button>
    </form>
  );
}
