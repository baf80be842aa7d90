// What the emulator server (emulators/server.ts) records, as the rehearsal's browser drive
// (tests/rehearsal/) reads it from GET /__requests and GET /__emails. No runtime types here, so
// both the Worker and the Node side import it.

export type Service =
  "fawry" | "email" | "whatsapp" | "telegram" | "livekit" | "turn" | "turnstile" | "sentry" | "push";

/** One recorded request: `in` came to an emulator, `out` is a webhook an emulator sent to the app. */
export type RecordedRequest = {
  seq: number;
  service: Service;
  direction: "in" | "out";
  method: string;
  url: string;
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  /** The HTTP status answered (in) or received from the app (out; 0 when it could not be reached). */
  status: number;
  /** The answer's body (what the emulator answered, or what the app answered its webhook). */
  response: string;
  at: number;
};

/** A message the email emulator accepted (Resend's API), newest first in the mailbox. */
export type Email = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  idempotencyKey: string | null;
  at: number;
};
