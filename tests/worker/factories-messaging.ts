import {
  createExecutionContext,
  createMessageBatch,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import local, { emulators } from "../../emulators/local";
import { createApp } from "../../worker/app";
import type { Env } from "../../worker/core/env";
import { QUEUE_NAMES, type DeliveryJob } from "../../worker/notifications/delivery";
import { ORIGIN } from "./helpers";

const app = createApp(emulators);

/**
 * A NOTIFICATIONS producer that keeps what is sent, for a test to hand to the queue consumer at
 * once (the real queue delivers a batch a second later, in the background).
 */
export function recordingQueue() {
  const sent: DeliveryJob[] = [];
  const queue = {
    send: async (body: DeliveryJob) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: DeliveryJob }>) =>
      void sent.push(...[...messages].map((message) => message.body)),
  } as unknown as Queue<DeliveryJob>;
  return { queue, sent };
}

let messageCounter = 0;

/**
 * Runs the Worker's queue() over these jobs as one batch of the delivery queue; answers its
 * ack/retry result and each retried message's requested delay (the test pool records no delays).
 */
export async function consume(
  jobs: readonly DeliveryJob[],
  options: { attempts?: number; queue?: string; env?: Partial<Env> } = {},
) {
  const batch = createMessageBatch<DeliveryJob>(
    options.queue ?? QUEUE_NAMES.delivery,
    jobs.map((body) => ({
      id: `test-${++messageCounter}`,
      timestamp: new Date(),
      attempts: options.attempts ?? 1,
      body,
    })),
  );
  const delays: Array<number | undefined> = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (retryOptions?: QueueRetryOptions) => (
      delays.push(retryOptions?.delaySeconds),
      retry(retryOptions)
    );
  }
  const ctx = createExecutionContext();
  await local.queue!(batch, { ...env, ...options.env } as Env, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

/**
 * Calls the API and waits for everything it deferred (in-process emulator webhooks, the queue
 * messages of its outbox rows, which the queue consumer then delivers), so a test can assert on
 * what was delivered.
 */
export async function settle(
  method: string,
  path: string,
  init: {
    body?: unknown;
    raw?: string;
    token?: string;
    headers?: Record<string, string>;
    env?: Partial<Env>;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.raw;
  if (init.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(init.body);
  }
  const ctx = createExecutionContext();
  const queued = recordingQueue();
  const response = await app.fetch(
    new Request(ORIGIN + path, { method, headers, body }),
    { ...env, NOTIFICATIONS: queued.queue, ...init.env } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  if (queued.sent.length) await consume(queued.sent, { env: init.env });
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
  const rows = await env.DB.prepare("SELECT * FROM notifications_outbox WHERE recipient = ? ORDER BY id DESC")
    .bind(recipient)
    .all<Record<string, any>>();
  return rows.results;
}

let chatCounter = 0;
/** A fresh Telegram chat id per call. */
export const newChatId = () => 5_000_000 + ++chatCounter;
