import { redactText } from "../../schema/redact";

/**
 * Structured logs (one JSON line each) tagged with the request id. Never pass secrets or tokens;
 * error texts are still scrubbed (schema/redact.ts): a thrown message can quote a query's
 * parameters or a provider's answer, with emails, phone numbers, card numbers or tokens in them.
 */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/** Fields that carry an error's text (a thrown message, a provider's answer, a stack). */
const ERROR_FIELDS = /^(error|errors|detail|stack|cause|reason)$/;

/** The fields with the error texts in them redacted; ids and numbers stay readable. */
function scrubbed(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return fields;
  const scrub = (value: unknown): unknown =>
    typeof value === "string" ? redactText(value) : Array.isArray(value) ? value.map(scrub) : value;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, ERROR_FIELDS.test(key) ? scrub(value) : value]),
  );
}

export function createLogger(requestId: string): Logger {
  const write = (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => {
    const line = JSON.stringify({ level, requestId, message, ...scrubbed(fields) });
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.info(line);
  };
  return {
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

/** Describes an unknown thrown value for the log (scrubbed) without leaking it to the client. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return {
      error: error.name,
      detail: redactText(error.message),
      stack: error.stack && redactText(error.stack),
    };
  return { error: redactText(String(error)) };
}
