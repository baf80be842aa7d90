import { sql, type SQL } from "drizzle-orm";
import type { OffsetSpan } from "./calendar";

/**
 * The calendar of schema/calendar.ts inside one SQL statement (SQLite knows no time zones): the
 * zone's offsets and day boundaries are computed in TypeScript and bound as parameters, so a
 * write can find a local day without reading first. tests/worker/rule-parity.test.ts checks each
 * form against its TypeScript twin.
 */

/** A SQLite date modifier for an offset in minutes: 180 → "+180 minutes". */
export const offsetModifier = (minutes: number): string =>
  `${minutes >= 0 ? "+" : "-"}${Math.abs(minutes)} minutes`;

/** The offset in force at the ISO instant `column`, as a date modifier (spans from offsetSpans). */
export function offsetModifierSql(column: SQL, spans: readonly OffsetSpan[]): SQL {
  return sql`CASE ${sql.join(
    spans.map((span) =>
      span.until === null
        ? sql`ELSE ${offsetModifier(span.minutes)}`
        : sql`WHEN ${column} < ${span.until} THEN ${offsetModifier(span.minutes)}`,
    ),
    sql` `,
  )} END`;
}

/** The zone's calendar day ("YYYY-MM-DD") of the ISO instant `column`: dayOf in SQL, for instants the spans cover. */
export function localDaySql(column: SQL, spans: readonly OffsetSpan[]): SQL {
  return sql`date(${column}, ${offsetModifierSql(column, spans)})`;
}

/** The first instant of `day` (a SQL date) looked up in the JSON of dayStartsJson; NULL outside it. */
export function dayStartInSql(dayStartsJson: string, day: SQL): SQL {
  return sql`json_extract(${dayStartsJson}, '$."' || ${day} || '"')`;
}
