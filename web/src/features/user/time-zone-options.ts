import { canonicalTimeZone, commonTimeZones, timeZoneCity } from "@schema/time-zones";
import { arAuth } from "../../i18n/ar-EG-auth";
import { locale } from "../../lib/format";
import type { SelectOption } from "../../ui/select";

/** "غرينتش+٣": a zone's offset from UTC at an instant, in Arabic. */
export function offsetLabel(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    timeZoneName: "shortOffset",
  }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** The browser's zone when it is a region zone we accept, else null. */
export function deviceTimeZone(): string | null {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/**
 * The choices of the settings select: the zones our users live in, by city, plus the user's
 * current zone and the device's when neither is among them. Labels carry today's offset.
 */
export function timeZoneOptions(current: string, device: string | null, now: Date): SelectOption[] {
  const zones = commonTimeZones.map(([zone]) => zone);
  for (const extra of [current, device]) if (extra && !zones.includes(extra)) zones.push(extra);
  return zones.map((zone) => ({
    value: zone,
    label: arAuth.settings.timeZoneOption(timeZoneCity(zone), offsetLabel(zone, now)),
  }));
}
