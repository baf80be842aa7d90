// Prints the SQL that fills `cairo_offsets` (schema/db/search.ts): Africa/Cairo's UTC offset and
// the UTC hour each one starts, from this runtime's time-zone data (Intl/ICU), for 2000–2100. The
// triggers of the active-tutor counts (migrations/0018_active_tutor_periods.sql) read it to find a
// lesson's Cairo day in SQL. Egypt changing its clock rules again means running this with a Node
// whose tzdata knows the change and shipping the rows in a new migration (docs/capacity.md).
// `node scripts/cairo-offsets.mjs`; tests/worker/active-tutors.test.ts checks the table against
// Intl for every hour of 2020–2040.
const ZONE = "Africa/Cairo";
const HOUR_MS = 3_600_000;
const FIRST = Date.UTC(2000, 0, 1);
const LAST = Date.UTC(2101, 0, 1);

const format = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, timeZoneName: "longOffset" });

/** The zone's offset in minutes at an instant ("GMT+03:00" → 180). */
function offsetMinutes(ms) {
  const name = format.formatToParts(ms).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const hourKey = (ms) => new Date(ms).toISOString().slice(0, 13);

// The floor row: any instant before 2000 reads the offset in force then, so a trigger always finds one.
const rows = [["0000-01-01T00", offsetMinutes(FIRST)]];
let previous = rows[0][1];
for (let at = FIRST + HOUR_MS; at < LAST; at += HOUR_MS) {
  const minutes = offsetMinutes(at);
  if (minutes === previous) continue;
  // The triggers look offsets up by UTC hour: a change must fall exactly on one.
  if (offsetMinutes(at - 1) !== previous)
    throw new Error(`${ZONE} changes its offset inside the hour before ${hourKey(at)}`);
  rows.push([hourKey(at), minutes]);
  previous = minutes;
}

console.log(
  `INSERT INTO cairo_offsets (from_hour, minutes) VALUES\n${rows
    .map(([hour, minutes]) => `('${hour}', ${minutes})`)
    .join(",\n")};`,
);
