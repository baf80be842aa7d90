/**
 * docs/product.md §8: a debug logger whose log can be saved as a text file holding the user agent, the URL
 * and the log lines. It keeps the last lines in memory only (never the token, never bodies):
 * realtime connects and disconnects, failed API calls, uncaught errors. A problem report can
 * attach `debugLogFile()` as its log; `saveDebugLog()` downloads it.
 */
import { saveFile } from "./download";

export type DebugLevel = "info" | "warn" | "error";

export const debugLogLimit = 200;
export const debugLogFileName = "dars-log.txt";

export function createDebugLog({
  limit = debugLogLimit,
  now = () => new Date(),
}: { limit?: number; now?: () => Date } = {}) {
  const entries: string[] = [];
  return {
    add(level: DebugLevel, message: string) {
      entries.push(`${now().toISOString()} [${level}] ${message.replace(/\s+/g, " ").trim()}`);
      if (entries.length > limit) entries.splice(0, entries.length - limit);
    },
    lines: (): readonly string[] => [...entries],
    clear() {
      entries.length = 0;
    },
    /** The file's text: the user agent, the URL, then the lines, oldest first. */
    text({ userAgent, url }: { userAgent: string; url: string }): string {
      return [
        `User agent: ${userAgent}`,
        `URL: ${url}`,
        `Saved: ${now().toISOString()}`,
        "",
        ...entries,
        "",
      ].join("\n");
    },
  };
}

export type DebugLog = ReturnType<typeof createDebugLog>;

/** The app's log. */
export const debugLog = createDebugLog();

/** The log as a text file, for a download or a report's log attachment. */
export function debugLogFile(log: DebugLog = debugLog): File {
  const text = log.text({ userAgent: navigator.userAgent, url: window.location.href });
  return new File([text], debugLogFileName, { type: "text/plain" });
}

/** Downloads the log as dars-log.txt. */
export function saveDebugLog(log: DebugLog = debugLog) {
  saveFile(debugLogFile(log), debugLogFileName);
}

/** Uncaught errors and rejections go to the log (called once at start). */
export function captureUncaughtErrors(
  log: DebugLog = debugLog,
  target: Pick<Window, "addEventListener"> = window,
) {
  target.addEventListener("error", (event) => log.add("error", `uncaught: ${(event as ErrorEvent).message}`));
  target.addEventListener("unhandledrejection", (event) => {
    const reason = (event as PromiseRejectionEvent).reason;
    log.add(
      "error",
      `unhandled rejection: ${reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)}`,
    );
  });
}
