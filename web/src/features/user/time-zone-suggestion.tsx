import { useState } from "react";
import type { UserView } from "@schema/api/user";
import { timeZoneCity } from "@schema/time-zones";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { deviceTimeZone } from "./time-zone-options";
import { useUpdateUser } from "./use-update-user";

const t = arLessons.dashboard;

/** Where a "keep my zone" answer is remembered, per user and device zone. */
export const dismissedKey = (userId: number, zone: string) => `dars.zone-kept.${userId}.${zone}`;

/**
 * On the dashboard: the device is on another clock than the account (a student abroad, a tutor
 * travelling): offer to show times on the device's clock, or keep the account's (remembered).
 */
export function TimeZoneSuggestion({ user }: { user: UserView }) {
  const device = deviceTimeZone();
  const update = useUpdateUser(user.id);
  const [kept, setKept] = useState(() =>
    device ? localStorage.getItem(dismissedKey(user.id, device)) === "1" : true,
  );
  if (!device || device === user.timeZone || kept) return null;
  const deviceCity = timeZoneCity(device);
  const currentCity = timeZoneCity(user.timeZone);
  return (
    <Notice>
      <div className="flex flex-col gap-3">
        <p>{t.zoneSuggestion(deviceCity, currentCity)}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={update.isPending} onClick={() => update.mutate({ timeZone: device })}>
            {t.useZone(deviceCity)}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              localStorage.setItem(dismissedKey(user.id, device), "1");
              setKept(true);
            }}
          >
            {t.keepZone(currentCity)}
          </Button>
        </div>
      </div>
    </Notice>
  );
}
