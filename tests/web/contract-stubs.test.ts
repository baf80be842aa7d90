// The SPA's production build imports schema/api modules as stubs without zod (web/build/contract-stubs.ts,
// docs/performance.md). A stub must keep every contract's method, path and markers, keep constants as they are,
// and leave out schemas, so a screen that needs one imports the real module.
import { describe, expect, it } from "vitest";
import { exportedNames, KEPT, splitImport, STUB, stubSource } from "../../web/build/contract-stub-source";

const apiModules = import.meta.glob<Record<string, unknown>>("../../schema/api/*.ts", { eager: true });

/** A stub's exports, read back from its `export const name = <JSON>;` lines. */
function stubExports(source: string): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  for (const [, name, json] of source.matchAll(/^export const (\w+) = (.*);$/gm))
    exports[name!] = JSON.parse(json!);
  return exports;
}

type AnyContract = { method: string; path: string; body?: unknown; response: unknown; status?: number };
const isContract = (value: unknown): value is AnyContract =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "response" in value;
/** Numbers, strings, lists and plain tables of them: what a stub can hold as it is. */
const isData = (value: unknown): boolean =>
  value === null ||
  ["string", "number", "boolean"].includes(typeof value) ||
  (Array.isArray(value) && value.every(isData)) ||
  (typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value as object).every(isData));

describe("contract stubs", () => {
  const areas = Object.entries(apiModules).filter(
    ([file]) => !KEPT.has(file.split("/").pop()!.replace(/\.ts$/, "")),
  );

  it("covers every schema/api module", () => {
    expect(areas.length).toBeGreaterThan(30);
  });

  it.each(areas)(
    "%s: contracts keep method, path and markers; constants keep their value; schemas are left out",
    (_file, real) => {
      const stub = stubExports(stubSource(real));
      let contracts = 0;
      for (const [name, value] of Object.entries(real)) {
        const table = isContract(value) ? { self: value } : value;
        const isTable =
          typeof table === "object" &&
          table !== null &&
          !Array.isArray(table) &&
          Object.values(table).length > 0 &&
          Object.values(table).every(isContract);
        if (isTable) {
          const stubbed = (isContract(value) ? { self: stub[name] } : stub[name]) as Record<
            string,
            Record<string, unknown>
          >;
          expect(Object.keys(stubbed).sort(), name).toEqual(Object.keys(table).sort());
          for (const [key, contract] of Object.entries(table as Record<string, AnyContract>)) {
            contracts += 1;
            const copy = stubbed[key]!;
            expect(copy.method, `${name}.${key}`).toBe(contract.method);
            expect(copy.path, `${name}.${key}`).toBe(contract.path);
            expect(copy.response, `${name}.${key}`).toBe(
              typeof contract.response === "string" ? contract.response : null,
            );
            expect(copy.body, `${name}.${key}`).toBe(
              typeof contract.body === "string" ? contract.body : undefined,
            );
            expect(copy.status, `${name}.${key}`).toBe(contract.status);
          }
        } else if (isData(value)) {
          expect(stub[name], name).toEqual(value);
        } else {
          expect(stub, name).not.toHaveProperty(name);
        }
      }
      // Every module with routes gives the stub at least one contract.
      if (
        Object.values(real).some(
          (value) =>
            isContract(value) ||
            (typeof value === "object" && value !== null && Object.values(value).some(isContract)),
        )
      )
        expect(contracts).toBeGreaterThan(0);
    },
  );

  it("names what a stub exports", () => {
    expect([
      ...exportedNames("export const a = 1;\nexport const bContracts = {};\nconst hidden = 2;"),
    ]).toEqual(["a", "bContracts"]);
  });

  it("splits an import line: stubbed names from the stub, others from the real module, types erased", () => {
    const stubbed = new Set(["invoiceContracts", "MAX_WITHDRAW_METHODS"]);
    expect(
      splitImport(
        " invoiceContracts, createInvoiceBody as body, type InvoiceView, MAX_WITHDRAW_METHODS ",
        "invoice",
        stubbed,
      ),
    ).toBe(
      `import type { InvoiceView } from "@schema/api/invoice"; import { invoiceContracts, MAX_WITHDRAW_METHODS } from "${STUB}invoice"; import { createInvoiceBody as body } from "@schema/api/invoice";`,
    );
    expect(splitImport("invoiceContracts", "invoice", stubbed)).toBe(
      `import { invoiceContracts } from "${STUB}invoice";`,
    );
  });
});
