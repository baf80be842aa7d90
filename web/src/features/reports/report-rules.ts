import { z } from "zod";
import { reportScreenshotTypes } from "@schema/api/report";
import { bounds, contactMessageRule, contactTitleRule } from "@schema/rules";
import { requiredText } from "../../lib/form";

/** The report form's text fields, with the server's rules (title 5..128, description 10..1000). */
export const reportFormSchema = z.object({
  title: requiredText(contactTitleRule),
  description: requiredText(contactMessageRule),
});
export type ReportFormValues = { title: string; description: string };

/** The server's screenshot check, before uploading: an image type, ≤ 8 MB (docs/rules.md, file limits). */
export function screenshotProblem(file: File): "invalid-type" | "large-file-size" | null {
  if (!(reportScreenshotTypes as readonly string[]).includes(file.type)) return "invalid-type";
  if (file.size > bounds.fileBytes.reportScreenshot) return "large-file-size";
  return null;
}

export type TechnicalContext = {
  url: string;
  userAgent: string;
  language: string;
  viewport: string;
  time: Date;
  userId: number | null;
  /** The app's debug log lines (web/src/lib/debug-log.ts), oldest first. */
  lines?: readonly string[];
};

/**
 * The log attached to a report (docs/product.md §8: the debug log holds the user agent, the URL and the
 * lines): what staff need to reproduce a problem, then the app's recent debug log lines (which
 * never hold the token or request bodies).
 */
export function technicalLog(context: TechnicalContext): string {
  const lines = [
    `time: ${context.time.toISOString()}`,
    `url: ${context.url}`,
    `user-agent: ${context.userAgent}`,
    `language: ${context.language}`,
    `viewport: ${context.viewport}`,
    `user: ${context.userId ?? "-"}`,
  ];
  const log = context.lines?.length ? ["", ...context.lines] : [];
  // Newest lines matter most: a log over the limit loses its oldest lines, never the header.
  let text = `${[...lines, ...log].join("\n")}\n`;
  while (new Blob([text]).size > bounds.fileBytes.reportLog && log.length > 1) {
    log.splice(1, 1);
    text = `${[...lines, ...log].join("\n")}\n`;
  }
  return text;
}

/** The multipart body of POST /report/with/asset. */
export function reportForm(
  values: z.output<typeof reportFormSchema>,
  extras: { url: string; screenshot: File | null; log: string | null; source?: string | null },
): FormData {
  const form = new FormData();
  form.set("title", values.title);
  form.set("description", values.description);
  form.set("url", extras.url.slice(0, 500));
  if (extras.source) form.set("source", extras.source);
  if (extras.screenshot) form.set("screenshot", extras.screenshot);
  if (extras.log !== null) form.set("log", new File([extras.log], "dars-report.log", { type: "text/plain" }));
  return form;
}
