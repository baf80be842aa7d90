/** Structured logs (one JSON line each) tagged with the request id. Never pass secrets or tokens. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export function createLogger(requestId: string): Logger {
  const write = (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => {
    const line = JSON.stringify({ level, requestId, message, ...fields });
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

/** Describes an unknown thrown value for the log without leaking it to the client. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.name, detail: error.message, stack: error.stack };
  return { error: String(error) };
}
