import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { photoSessionContracts } from "../../schema/api/photo-session";
import { photoSessions } from "../../schema/db";
import { PhotoSessionStatus, photoSessionStatuses } from "../../schema/enums";

/** One photo session status enum (schema/enums.ts): the D1 column, the API and docs/product.md say the same. */
describe("photo session statuses", () => {
  const values = ["pending", "scheduled", "done", "canceled"];

  it("are the four strings, in one enum", () => {
    expect(Object.values(PhotoSessionStatus)).toEqual(values);
    expect(photoSessionStatuses).toEqual(values);
  });

  it("type the D1 column and its default", () => {
    const column = getTableConfig(photoSessions).columns.find((c) => c.name === "status")!;
    expect(column.enumValues).toEqual(values);
    expect(column.default).toBe(PhotoSessionStatus.Pending);
  });

  it("are what the list filter accepts, and nothing else", () => {
    const query = photoSessionContracts.list.query!;
    for (const status of values) expect(query.safeParse({ status }).success).toBe(true);
    expect(query.safeParse({ status: "1" }).success).toBe(false);
  });

  it("are the ones docs/product.md names", () => {
    const product = readFileSync(new URL("../../docs/product.md", import.meta.url).pathname, "utf8");
    const line = product.slice(product.indexOf("**Photo session**"), product.indexOf("**Intro video**"));
    for (const status of values) expect(line).toContain(`\`${status}\``);
    expect(line).not.toMatch(/\d/);
  });
});
