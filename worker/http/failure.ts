import type { ErrorCode } from "../../schema/errors";

/**
 * A failure the API answers with a catalogue code. Thrown once where the rule is broken and
 * mapped to `{ code, message, fields? }` once, by the error mapper.
 */
export class Failure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
  ) {
    super(code);
    this.name = "Failure";
  }
}

export function fail(code: ErrorCode, fields?: Record<string, ErrorCode>): never {
  throw new Failure(code, fields);
}
