import { z } from "zod";
import type { ResponseSchema } from "../../schema/api/contract";
import { errorStatus } from "../../schema/errors";
import type { AnyRoute } from "./route";

/** A success's entry: its JSON schema from the route's response contract (schema/api/), or what it is when not JSON. */
function success(response: ResponseSchema | undefined, status: number): Record<string, unknown> {
  if (response === undefined) return { description: "Success (no response contract yet)" };
  if (response === "empty") return { description: status === 204 ? "No content" : "Done (an empty object)" };
  if (response === "file") return { description: "A file", content: { "application/octet-stream": {} } };
  if (response === "redirect") return { description: "A redirect (Location)" };
  if (response === "html") return { description: "An HTML page", content: { "text/html": {} } };
  if (response === "text") return { description: "Plain text", content: { "text/plain": {} } };
  if (response === "emulated")
    return { description: "The emulated outside service's own answer (local only)" };
  return {
    description: "Success",
    content: {
      "application/json": { schema: z.toJSONSchema(response, { io: "output", unrepresentable: "any" }) },
    },
  };
}

/** OpenAPI 3.1 generated from the same route list and zod contracts the app runs on. */
export function openApiDocument(routes: readonly AnyRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const path = "/api/v1" + def.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ["path", def.params],
      ["query", def.query],
    ] as const) {
      if (!schema) continue;
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(json.properties ?? {}))
        parameters.push({
          name,
          in: where,
          required: where === "path" || (json.required ?? []).includes(name),
          schema: property,
        });
    }
    const body =
      def.body === "multipart"
        ? { content: { "multipart/form-data": { schema: { type: "object" } } } }
        : def.body
          ? {
              required: true,
              content: {
                "application/json": {
                  schema: z.toJSONSchema(def.body, { io: "input", unrepresentable: "any" }),
                },
              },
            }
          : undefined;
    (paths[path] ??= {})[def.method] = {
      summary: def.summary,
      "x-access": def.access,
      ...(def.access === "public" ? {} : { security: [{ bearer: [] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: {
        [String(def.status ?? (def.response === "redirect" ? 302 : 200))]: success(
          def.response,
          def.status ?? 200,
        ),
        default: {
          description: "A catalogue error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Dars API", version },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string", enum: Object.keys(errorStatus) },
            message: { type: "string" },
            fields: { type: "object", additionalProperties: { type: "string" } },
          },
        },
      },
    },
  };
}
