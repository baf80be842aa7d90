/**
 * The pure half of web/build/contract-stubs.ts (no Node modules, so tests can import it): what
 * a stub module holds for one schema/api module, and how an import line of the SPA is split
 * between the stub and the real module.
 */
/** The specifier of a stub module: this prefix and the area's name. */
export const STUB = "virtual:dars-contract-stub/";
/** Modules with no schemas of their own, kept as they are. */
export const KEPT = new Set(["contract"]);

type Contract = { method: string; path: string; status?: number; body?: unknown; response?: unknown };

const isContract = (value: unknown): value is Contract =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Contract).method === "string" &&
  typeof (value as Contract).path === "string" &&
  "response" in value;

/** A contract with only what the SPA reads at run time. */
export function strippedContract(contract: Contract): Record<string, unknown> {
  const kept: Record<string, unknown> = { method: contract.method, path: contract.path };
  if (contract.status !== undefined) kept.status = contract.status;
  if (typeof contract.body === "string") kept.body = contract.body;
  kept.response = typeof contract.response === "string" ? contract.response : null;
  return kept;
}

/** Plain data (what JSON can hold), so the value can be written into the stub as it is. */
function isPlain(value: unknown): boolean {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every(isPlain);
  return false;
}

/** The stub's source for one module's exports; exports that are neither contracts nor plain data are left out. */
export function stubSource(exports: Record<string, unknown>): string {
  const lines = [
    "// Generated at build by web/contract-stubs.ts from the schema/api module of the same name.",
  ];
  for (const [name, value] of Object.entries(exports)) {
    if (isContract(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(strippedContract(value))};`);
    } else if (
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).length &&
      Object.values(value).every(isContract)
    ) {
      const table = Object.fromEntries(
        Object.entries(value as Record<string, Contract>).map(([key, contract]) => [
          key,
          strippedContract(contract),
        ]),
      );
      lines.push(`export const ${name} = ${JSON.stringify(table)};`);
    } else if (isPlain(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The import lines of one area, split: plain data from the stub, schemas and functions from the real module, types erased. */
export function splitImport(specifiers: string, area: string, stubbed: ReadonlySet<string>): string {
  const types: string[] = [];
  const fromStub: string[] = [];
  const fromReal: string[] = [];
  for (const raw of specifiers
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (raw.startsWith("type ")) types.push(raw.slice(5));
    else if (stubbed.has(raw.split(/\s+as\s+/)[0]!)) fromStub.push(raw);
    else fromReal.push(raw);
  }
  const lines: string[] = [];
  if (types.length) lines.push(`import type { ${types.join(", ")} } from "@schema/api/${area}";`);
  if (fromStub.length) lines.push(`import { ${fromStub.join(", ")} } from "${STUB}${area}";`);
  if (fromReal.length) lines.push(`import { ${fromReal.join(", ")} } from "@schema/api/${area}";`);
  return lines.join(" ");
}

/** What a stub module exports (the names it could write as data). */
export const exportedNames = (source: string) =>
  new Set([...source.matchAll(/^export const (\w+) =/gm)].map((match) => match[1]!));
