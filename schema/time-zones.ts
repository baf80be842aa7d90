/**
 * The viewer's time zone (docs/rules.md, Money, time, paging: UTC on the wire, shown in the
 * viewer's zone, Africa/Cairo by default). A user may choose any IANA zone; the ones our users
 * live in (Egypt, the Gulf, the Arab world, the diaspora) are offered first with an Arabic name.
 */
export const DEFAULT_TIME_ZONE = "Africa/Cairo";

/** Zones offered first in settings, each with the Arabic name of its main city. */
export const commonTimeZones: ReadonlyArray<readonly [zone: string, city: string]> = [
  ["Africa/Cairo", "القاهرة"],
  ["Asia/Riyadh", "الرياض"],
  ["Asia/Kuwait", "الكويت"],
  ["Asia/Qatar", "الدوحة"],
  ["Asia/Bahrain", "المنامة"],
  ["Asia/Dubai", "دبي"],
  ["Asia/Muscat", "مسقط"],
  ["Asia/Amman", "عمّان"],
  ["Asia/Beirut", "بيروت"],
  ["Asia/Baghdad", "بغداد"],
  ["Africa/Khartoum", "الخرطوم"],
  ["Africa/Tripoli", "طرابلس"],
  ["Africa/Tunis", "تونس"],
  ["Africa/Algiers", "الجزائر"],
  ["Africa/Casablanca", "الدار البيضاء"],
  ["Europe/Istanbul", "إسطنبول"],
  ["Europe/London", "لندن"],
  ["Europe/Paris", "باريس"],
  ["Europe/Berlin", "برلين"],
  ["America/New_York", "نيويورك"],
  ["America/Chicago", "شيكاغو"],
  ["America/Los_Angeles", "لوس أنجلوس"],
  ["America/Toronto", "تورونتو"],
  ["Australia/Sydney", "سيدني"],
];

const cityOf = new Map(commonTimeZones);

/**
 * The zone's canonical IANA name when the runtime knows it ("asia/riyadh" → "Asia/Riyadh"),
 * else null. Only region zones count: "UTC" and fixed offsets ("Etc/GMT+3") are refused, so a choice always
 * follows its country's daylight-saving rules.
 */
export function canonicalTimeZone(zone: string): string | null {
  const known = canonicalZones.get(zone);
  if (known !== undefined) return known;
  if (zone.length === 0 || zone.length > 64 || !zone.includes("/")) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    if (!resolved.includes("/") || resolved.startsWith("Etc/")) return null;
    if (canonicalZones.size >= 1000) canonicalZones.clear(); // odd spellings cannot grow it without end
    canonicalZones.set(zone, resolved);
    return resolved;
  } catch {
    return null;
  }
}

/** Names already resolved (real zones only, bounded). */
const canonicalZones = new Map<string, string>();

/** The zone a stored value stands for: the default when none was chosen or it is no longer known. */
export function effectiveTimeZone(stored: string | null | undefined): string {
  return (stored && canonicalTimeZone(stored)) || DEFAULT_TIME_ZONE;
}

const FSI = "\u2068";
const PDI = "\u2069";

/** "القاهرة" for a zone we name, else its IANA name isolated for right-to-left text. */
export function timeZoneCity(zone: string): string {
  return cityOf.get(zone) ?? `${FSI}${zone}${PDI}`;
}

/** "بتوقيت القاهرة": how a text says which clock its times are on. */
export function onTimeOf(zone: string): string {
  return `بتوقيت ${timeZoneCity(zone)}`;
}
