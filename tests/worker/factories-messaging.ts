import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import type { Env } from "../../worker/env";
import { ORIGIN } from "./helpers";

const app = createApp(emulators);

/**
 * Calls the API and waits for everything it deferred (outbox deliveries, in-process emulator
 * webhooks), so a test can assert on what was delivered.
 */
export async function settle(method: string, path: string, init: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string>; env?: Partial<Env> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(init.body);
  }
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(ORIGIN + path, { method, headers, body }), { ...env, ...init.env } as Env, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json, headers: response.headers };
}

/** The outbox rows for a recipient, newest first, straight from D1. */
export async function outboxFor(recipient: string) {
  const rows = await env.DB.prepare("SELECT * FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC").bind(recipient).all<Record<string, any>>();
  return rows.results;
}

let chatCounter = 0;
/** A fresh Telegram chat id per call. */
export const newChatId = () => 5_000_000 + ++chatCounter;
