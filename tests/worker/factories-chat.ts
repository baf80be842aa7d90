import { env, exports } from "cloudflare:workers";
import { Role } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import type { Presence } from "../../durable-objects/presence";
import type { UserChannel } from "../../durable-objects/user-channel";
import type { ChatClientFrame, ServerEvent, ServerEventMap, ServerEventType } from "../../schema/events";
import { call, callContract, createUserWithRole, ORIGIN, register } from "./helpers";
import { chatContracts } from "../../schema/api/chat";

/** A student whose email is verified (a student must verify it to chat). */
export async function verifiedStudent(): Promise<AuthResponse> {
  const student = await register(Role.Student);
  await env.DB.prepare("UPDATE users SET verified_email = 1 WHERE id = ?").bind(student.user.id).run();
  return student;
}

export const tutor = () => createUserWithRole(Role.Tutor);

/** Starts a room through the API and answers its id. */
export async function startRoom(
  from: AuthResponse,
  to: AuthResponse,
  message = "أهلًا يا أستاذ",
): Promise<number> {
  const response = await callContract(chatContracts.create, {
    token: from.token,
    body: { userId: to.user.id, message },
  });
  if (response.status !== 201) throw new Error(`chat/new failed: ${JSON.stringify(response.body)}`);
  return response.body.room.id as number;
}

/**
 * The socket URL as the SPA builds it: a path written with `?token=<bearer>` (the tests' short
 * hand for "as this signed-in user") gets a single-use ticket for that party and room from
 * POST /auth/socket-ticket instead; a token that gets no ticket becomes a ticket that admits nobody.
 */
export async function ticketed(path: string): Promise<string> {
  const url = new URL(ORIGIN + path);
  const token = url.searchParams.get("token");
  if (token === null) return path;
  const [, , party, name] = url.pathname.split("/");
  // The party comes from the path as written, a party that does not exist included: call(), not the contract.
  const answer = await call("POST", "/api/v1/auth/socket-ticket", {
    token,
    body: { party, name: decodeURIComponent(name ?? "") },
  });
  url.searchParams.delete("token");
  url.searchParams.set("ticket", answer.status === 200 ? (answer.body.ticket as string) : "not-a-ticket");
  return url.pathname + url.search;
}

export async function connect(path: string) {
  return exports.default.fetch(
    new Request(ORIGIN + (await ticketed(path)), { headers: { upgrade: "websocket" } }),
  );
}

type Frame<K extends ServerEventType> = { type: K; payload: ServerEventMap[K] };

/** A test client socket: every frame is kept, and `next` waits for the next frame of a type. */
export class TestSocket {
  readonly frames: ServerEvent[] = [];
  #read = new Set<ServerEvent>();
  #wake: (() => void) | null = null;
  #arrivals = new WeakMap<ServerEvent, number>();
  #acks = 0;

  /** The user whose channel this socket is, or null for other parties. */
  readonly userChannelOf: number | null;

  private constructor(
    readonly socket: WebSocket,
    path: string,
  ) {
    this.userChannelOf = /^\/parties\/user-channel\/(\d+)/.test(path)
      ? Number(path.split("/")[3]!.split("?")[0])
      : null;
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as ServerEvent;
      this.frames.push(frame);
      this.#arrivals.set(frame, Date.now());
      this.#wake?.();
    });
    socket.accept();
  }

  static async open(path: string): Promise<TestSocket> {
    const response = await connect(path);
    if (response.status !== 101 || !response.webSocket) throw new Error(`socket refused: ${response.status}`);
    const client = new TestSocket(response.webSocket, path);
    await client.next("Connected");
    return client;
  }

  static userChannel = (who: AuthResponse) =>
    TestSocket.open(`/parties/user-channel/${who.user.id}?token=${who.token}`);
  static chatRoom = (who: AuthResponse, roomId: number) =>
    TestSocket.open(`/parties/chat-room/${roomId}?token=${who.token}`);

  /** The next unread frame of this type (and matching `where`), waiting up to `ms`. */
  async next<K extends ServerEventType>(
    type: K,
    where: (payload: ServerEventMap[K]) => boolean = () => true,
    ms = 3000,
  ): Promise<ServerEventMap[K]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(
        (frame): frame is Frame<K> & ServerEvent =>
          !this.#read.has(frame) && frame.type === type && where(frame.payload as ServerEventMap[K]),
      );
      if (found) {
        this.#read.add(found);
        return found.payload;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${type} frame within ${ms} ms; got ${JSON.stringify(this.frames.map((f) => f.type))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** When each frame of a type arrived (Date.now()), in arrival order. */
  arrivals(type: ServerEventType): number[] {
    return this.frames.filter((frame) => frame.type === type).map((frame) => this.#arrivals.get(frame)!);
  }

  /** Every frame of a type received so far. */
  all<K extends ServerEventType>(type: K): ServerEventMap[K][] {
    return this.frames
      .filter((frame) => frame.type === type)
      .map((frame) => frame.payload as ServerEventMap[K]);
  }

  /** Sends a client frame with a fresh ackId and answers the room's Ack. */
  async request(frame: Omit<ChatClientFrame, "ackId">): Promise<ServerEventMap["Ack"]> {
    const ackId = `ack-${++this.#acks}`;
    this.socket.send(JSON.stringify({ ...frame, ackId }));
    return this.next("Ack", (ack) => ack.ackId === ackId);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Closes the sockets and waits until each user's channel has announced going offline, so no
 * presence RPC is still in flight when the test file's storage is torn down.
 */
export async function closeAll(...sockets: TestSocket[]): Promise<void> {
  for (const socket of sockets) socket.close();
  const users = sockets.map((socket) => socket.userChannelOf).filter((id): id is number => id !== null);
  const channels = env.USER_CHANNEL as DurableObjectNamespace<UserChannel>;
  const staff = (env.PRESENCE as DurableObjectNamespace<Presence>).getByName("main");
  // Offline is stored first, then told to room partners and last to the presence object: once it
  // has them offline too, nothing the closes started is still running (a file that
  // ended with that work in flight could load a module over vitest's closing RPC channel).
  await eventually(async () => {
    const online = await Promise.all(users.map((id) => channels.getByName(String(id)).isOnline()));
    return online.every((flag) => !flag) && (await staff.onlineAmong(users)).length === 0;
  });
}

/** Waits until `check` holds (state settles through RPC after an ack), up to `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition never held");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
