// The D1 rows a request read (worker/core/db.ts, countRowsRead): answered in `x-d1-rows-read` only
// locally and only when the request asks with `x-dars-bench: rows` (npm run bench,
// docs/benchmarks.md); never on a deployed Worker, never without the header.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../worker/core/env";
import { ROWS_READ_HEADER, ROWS_READ_REQUEST } from "../../worker/core/db";
import type { BenchSeed } from "../../emulators/bench";
import { devContracts } from "../../schema/api/dev";
import { call, callContract } from "./helpers";
import { roundTrips } from "./d1-trips";
import { vapidSettings } from "./push-keys";

const ask = { [ROWS_READ_REQUEST.name]: ROWS_READ_REQUEST.value };
let student: { id: number; token: string };

beforeAll(async () => {
  const response = await callContract(devContracts.benchSeed, {
    body: { tag: "rowsread", tutors: 3, students: 2, tutorTokens: 0 },
  });
  expect(response.status).toBe(200);
  student = (response.body as BenchSeed).students[0]!;
});

describe("x-d1-rows-read", () => {
  it("answers locally the sum of rows_read over the request's D1 statements", async () => {
    // The statements the path sends (without the header), each run again on its own for its rows_read.
    const trips = await roundTrips(async () => {
      expect((await call("GET", "/api/v1/lesson/list/", { token: student.token })).status).toBe(200);
    });
    const statements = trips.flatMap((trip) => trip.statements);
    expect(statements.length).toBeGreaterThan(0);
    // A read-only path: running its statements again reads the same rows.
    for (const statement of statements) expect(statement.sql).toMatch(/^\s*(select|with)\b/i);
    let expected = 0;
    for (const statement of statements)
      expected += (
        await env.DB.prepare(statement.sql)
          .bind(...statement.params)
          .all()
      ).meta.rows_read;
    expect(expected).toBeGreaterThan(0);

    const answer = await call("GET", "/api/v1/lesson/list/", { token: student.token, headers: ask });
    expect(answer.status).toBe(200);
    expect(answer.headers.get(ROWS_READ_HEADER)).toBe(String(expected));
  });

  it("answers the same body with the header as without it", async () => {
    const plain = await call("GET", "/api/v1/lesson/list/", { token: student.token });
    const counted = await call("GET", "/api/v1/lesson/list/", { token: student.token, headers: ask });
    expect(counted.body).toEqual(plain.body);
  });

  it("counts a public page outside /api/v1 too (sitemap.xml)", async () => {
    const answer = await call("GET", "/sitemap.xml", { headers: ask });
    expect(answer.status).toBe(200);
    expect(answer.headers.get(ROWS_READ_HEADER)).toMatch(/^\d+$/);
  });

  it("is absent without the dev header", async () => {
    const answer = await call("GET", "/api/v1/lesson/list/", { token: student.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.has(ROWS_READ_HEADER)).toBe(false);
  });

  it("is absent on a deployed Worker, even with the dev header", async () => {
    // ENVIRONMENT=local on a public host, every setting given: served as production (worker/core/env.ts, envForRequest).
    const deployed = {
      ...env,
      ...vapidSettings,
      TOKEN_SECRET: "p".repeat(40),
      FAWRY_BASE_URL: "https://atfawry.fawrystaging.com",
      FAWRY_MERCHANT_CODE: "400000012345",
      FAWRY_SECURE_KEY: "secure-key",
      EMAIL_API_URL: "https://api.resend.com/emails",
      EMAIL_API_KEY: "re_test",
      ICE_SERVERS: JSON.stringify([{ urls: "turn:turn.dars.test:3478", username: "u", credential: "c" }]),
      ENVIRONMENT: "local",
    } as unknown as Env;
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("https://dars.example.com/api/v1/health", { headers: ask }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      deployed,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(response.headers.has(ROWS_READ_HEADER)).toBe(false);
  });
});
