import { describe, expect, it } from "vitest";
import type { Contract } from "../../schema/api/contract";
import { contracts } from "../../schema/api/routes";
import { apiRoutes } from "../../worker/routes";
import { z } from "zod";
import { call, checkResponse, routeFor, unknownKeys } from "./helpers";

const key = (def: { method: string; path: string }) => `${def.method.toUpperCase()} ${def.path}`;
const allContracts: Contract[] = Object.values(contracts).flatMap(
  (area) => Object.values(area) as Contract[],
);

describe("response contracts", () => {
  it("every route declares its response: a schema, or empty, file, redirect, html, text or emulated", () => {
    expect(apiRoutes.filter((def) => def.response === undefined).map(key)).toEqual([]);
  });

  it("serves every contract of schema/api/routes.ts with exactly one route of its method and path, built from it", () => {
    for (const contract of allContracts) {
      const served = apiRoutes.filter((def) => def.method === contract.method && def.path === contract.path);
      expect(served.map(key), key(contract)).toEqual([key(contract)]);
      expect(served[0]?.response, key(contract)).toBe(contract.response);
    }
    const fromContracts = new Set(allContracts.map(key));
    expect(
      apiRoutes.filter((def) => def.response !== undefined && !fromContracts.has(key(def))).map(key),
    ).toEqual([]);
  });

  it("finds the route of a request as the app matches it, parameters and all", () => {
    expect(routeFor("GET", "/api/v1/lesson/12")?.path).toBe("/lesson/:id");
    expect(routeFor("GET", "/api/v1/lesson/list/?when=past")?.path).toBe("/lesson/list/");
    expect(routeFor("GET", "/api/v1/lesson/calendar/feed")?.path).toBe("/lesson/calendar/feed");
    expect(routeFor("GET", "/api/v1/lesson/calendar/abcdefghijklmnopqrstuvwxyz.ics")?.path).toBe(
      "/lesson/calendar/:file{[^/]+\\.ics}",
    );
    expect(routeFor("DELETE", "/api/v1/lesson/12")?.method).toBe("delete");
    expect(routeFor("POST", "/api/v1/dev/telegram/bot123/sendMessage")?.path).toBe("/dev/telegram/*");
  });

  it("fails a test whose success answers a body its contract refuses, naming the route and the field", () => {
    const stats = { attendedLessons: 1, attendedMinutes: 30, upcomingLessons: 0, canceledLessons: 0 };
    expect(() => checkResponse("GET", "/api/v1/lesson/attended/stats", 200, stats)).not.toThrow();
    expect(() =>
      checkResponse("GET", "/api/v1/lesson/attended/stats", 200, { ...stats, attendedMinutes: "30" }),
    ).toThrow(
      /GET \/api\/v1\/lesson\/attended\/stats answered 200 with a body its response contract refuses[\s\S]*attendedMinutes/,
    );
  });

  it("fails a test whose success answers a key its contract does not name, at any depth", () => {
    const stats = { attendedLessons: 1, attendedMinutes: 30, upcomingLessons: 0, canceledLessons: 0 };
    expect(() =>
      checkResponse("GET", "/api/v1/lesson/attended/stats", 200, { ...stats, passwordHash: "x" }),
    ).toThrow(
      /GET \/api\/v1\/lesson\/attended\/stats answered 200 with keys its response contract does not name[\s\S]*passwordHash/,
    );
    const item = z.object({ id: z.number(), tags: z.array(z.string()).nullable() });
    const schema = z.object({
      list: z.array(item),
      extra: z.looseObject({ kind: z.string() }),
      either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]).optional(),
      map: z.record(z.string(), item),
      moved: z.string().transform((text) => text.length),
    });
    const value = {
      list: [
        { id: 1, tags: null },
        { id: 2, tags: ["x"], secret: true },
      ],
      extra: { kind: "k", anything: 1 },
      either: { b: "x", c: 1 },
      map: { one: { id: 3, tags: [], token: "t" } },
      moved: "abc",
    };
    expect(schema.safeParse(value).success).toBe(true);
    expect(unknownKeys(schema, value)).toEqual(["list.1.secret", "either.c", "map.one.token"]);
  });

  it("documents each success in OpenAPI with its status and the response's JSON schema", async () => {
    const { body } = await call("GET", "/api/v1/openapi.json");
    const lesson = body.paths["/api/v1/lesson/{id}"].get.responses["200"];
    expect(lesson.content["application/json"].schema.properties).toHaveProperty("start");
    expect(
      body.paths["/api/v1/lesson/"].post.responses["201"].content["application/json"].schema.required,
    ).toContain("tutor");
    expect(body.paths["/api/v1/plan/{id}"].delete.responses["204"]).toEqual({ description: "No content" });
    expect(body.paths["/api/v1/lesson/calendar/{file}"].get.responses["200"].content).toHaveProperty(
      "application/octet-stream",
    );
    expect(body.paths["/api/v1/plan/list"].get.responses.default.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
  });
});
