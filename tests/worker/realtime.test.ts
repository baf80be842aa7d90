import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminChannel } from "../../durable-objects/admin-channel";
import type { Presence } from "../../durable-objects/presence";
import type { UserChannel } from "../../durable-objects/user-channel";
import { Role } from "../../schema/enums";
import type { Env } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { onlineAmong, publishToAdmins, publishToUser } from "../../durable-objects/clients";
import { REQUEST_FLUSH_MS, createRequestCounter } from "../../worker/observability/request-counter";
import { call, createUserWithRole } from "./helpers";
import {
  TestSocket,
  closeAll,
  connect,
  eventually,
  startRoom,
  tutor,
  verifiedStudent,
} from "./factories-chat";

const logger = createLogger("test");
const adminStub = () => (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main");
const presenceStub = () => (env.PRESENCE as DurableObjectNamespace<Presence>).getByName("main");

describe("publishing an event", () => {
  it("reaches every socket of that user and nobody else", async () => {
    const student = await verifiedStudent();
    const other = await verifiedStudent();
    const [phone, laptop, stranger] = [
      await TestSocket.userChannel(student),
      await TestSocket.userChannel(student),
      await TestSocket.userChannel(other),
    ];
    expect(
      await publishToUser(env, student.user.id, { type: "LessonBooked", payload: { lessonId: 7 } }, logger),
    ).toBe(1);
    expect(await phone.next("LessonBooked")).toEqual({ lessonId: 7 });
    expect(await laptop.next("LessonBooked")).toEqual({ lessonId: 7 });
    expect(stranger.all("LessonBooked")).toEqual([]);
    await closeAll(phone, laptop, stranger);
  });

  it("touches no storage for a user who never opened a socket; the first socket makes the presence record", async () => {
    const student = await verifiedStudent();
    const stub = (env.USER_CHANNEL as DurableObjectNamespace<UserChannel>).getByName(String(student.user.id));
    const presenceTable = () =>
      runInDurableObject(
        stub,
        (_channel, state) =>
          state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'presence'").toArray().length,
      );
    expect(
      await publishToUser(env, student.user.id, { type: "LessonBooked", payload: { lessonId: 8 } }, logger),
    ).toBe(1);
    expect(await presenceTable()).toBe(0);
    const socket = await TestSocket.userChannel(student);
    await eventually(() => runInDurableObject(stub, (channel) => channel.isOnline()));
    expect(await presenceTable()).toBe(1);
    await closeAll(socket);
  });

  it("never throws when the channel cannot be reached", async () => {
    const broken = {
      USER_CHANNEL: { getByName: () => ({ publish: () => Promise.reject(new Error("down")) }) },
      ADMIN_CHANNEL: { getByName: () => ({ publish: () => Promise.reject(new Error("down")) }) },
    } as unknown as Env;
    expect(
      await publishToUser(broken, 1, { type: "InvoiceDeleted", payload: { invoiceId: 1 } }, logger),
    ).toBe(0);
    expect(await publishToAdmins(broken, { type: "TutorsCacheUpdated", payload: {} }, logger)).toBe(false);
  });
});

describe("online status", () => {
  it("never leaves a user online whose only socket closed while it was still being set up", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    await startRoom(student, teacher); // partners to read: the set-up awaits D1 after «Connected»
    const stub = (env.USER_CHANNEL as DurableObjectNamespace<UserChannel>).getByName(String(student.user.id));
    for (let round = 0; round < 6; round++) {
      if (round % 2 === 0) {
        const socket = await TestSocket.userChannel(student);
        socket.close(); // right after «Connected», while the channel still reads the room partners
      } else {
        const response = await connect(`/parties/user-channel/${student.user.id}?token=${student.token}`);
        response.webSocket!.accept();
        response.webSocket!.close(); // before «Connected» is even read
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await runInDurableObject(stub, (channel) => channel.isOnline())).toBe(false);
      expect(await presenceStub().onlineAmong([student.user.id])).toEqual([]);
    }
  });

  it("tells room partners when a user's first socket opens and the last one closes", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    await startRoom(student, teacher);
    const watcher = await TestSocket.userChannel(student);
    // The watcher's own snapshot first: the teacher is offline.
    expect(await watcher.next("UserStatusChanged")).toEqual({ userId: teacher.user.id, online: false });
    const first = await TestSocket.userChannel(teacher);
    expect(await watcher.next("UserStatusChanged")).toEqual({ userId: teacher.user.id, online: true });
    const second = await TestSocket.userChannel(teacher);
    first.close();
    second.close();
    expect(await watcher.next("UserStatusChanged")).toEqual({ userId: teacher.user.id, online: false });
    expect(watcher.all("UserStatusChanged")).toHaveLength(3);
    await closeAll(watcher);
  });

  it("tells a new socket which room partners are online now, one status per partner", async () => {
    const student = await verifiedStudent();
    const [online, offline] = [await tutor(), await tutor()];
    await startRoom(student, online);
    await startRoom(student, offline);
    const partnerSocket = await TestSocket.userChannel(online);
    await eventually(async () => (await presenceStub().onlineAmong([online.user.id])).length === 1);
    const socket = await TestSocket.userChannel(student);
    expect(await socket.next("UserStatusChanged", (status) => status.userId === online.user.id)).toEqual({
      userId: online.user.id,
      online: true,
    });
    expect(await socket.next("UserStatusChanged", (status) => status.userId === offline.user.id)).toEqual({
      userId: offline.user.id,
      online: false,
    });
    await closeAll(socket, partnerSocket);
  });

  it("says nothing rather than 'offline' when the staff channel cannot be reached", async () => {
    const broken = {
      PRESENCE: { getByName: () => ({ onlineAmong: () => Promise.reject(new Error("down")) }) },
    } as unknown as Env;
    expect(await onlineAmong(broken, [1, 2], logger)).toBeNull();
    expect(await onlineAmong(broken, [], logger)).toEqual(new Set());
  });

  it("sends a user without rooms no statuses", async () => {
    const loner = await verifiedStudent();
    const socket = await TestSocket.userChannel(loner);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.all("UserStatusChanged")).toEqual([]);
    await closeAll(socket);
  });
});

describe("requests per minute", () => {
  it("reports an isolate's first request at once, then at most once per interval with everything counted since", async () => {
    const counter = createRequestCounter(5000);
    const flushed: [number, number][] = [];
    const flush = async (count: number, at: number) => void flushed.push([count, at]);
    expect(counter.count(flush, 1000)).not.toBeNull();
    expect(counter.count(flush, 2000)).toBeNull();
    expect(counter.count(flush, 5999)).toBeNull();
    await counter.count(flush, 6000);
    expect(flushed).toEqual([
      [1, 1000],
      [3, 6000],
    ]);
    expect(counter.pending()).toBe(0);
  });

  it("keeps counting when the staff channel cannot be reached", async () => {
    const counter = createRequestCounter(5000);
    await counter.count(() => Promise.reject(new Error("down")), 0);
    expect(counter.count(async () => {}, 1)).toBeNull();
    expect(counter.pending()).toBe(1);
  });

  it("sums the counts every isolate reported in the last minute only", async () => {
    // Ten minutes ahead, so this test's own API traffic is outside the window.
    const now = Date.now() + 600_000;
    await adminStub().recordRequests(7, now - 61_000);
    await adminStub().recordRequests(5, now - 30_000);
    await adminStub().recordRequests(4, now - 30_000);
    await adminStub().recordRequests(2, now);
    expect(await adminStub().requestsPerMinute(now)).toBe(11);
    expect((await adminStub().stats(new Date(now))).requestsPerMinute).toBe(11);
    expect(await adminStub().requestsPerMinute(now + 59_000)).toBe(2);
  });

  it("counts the API's requests without waiting for them in the answer", async () => {
    const before = await adminStub().requestsPerMinute();
    // The counts travel with the first request after the flush interval.
    const deadline = Date.now() + REQUEST_FLUSH_MS * 2;
    let sent = 0;
    while ((await adminStub().requestsPerMinute()) < before + 3) {
      if (Date.now() > deadline) throw new Error(`requests never counted (sent ${sent})`);
      expect((await call("GET", "/api/v1/openapi.json")).status).toBe(200);
      sent++;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(sent).toBeGreaterThanOrEqual(1);
  });
});

describe("admin channel", () => {
  it("sends staff the server stats computed from D1 and the online users", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const teacher = await tutor();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO invoices (user_id, amount, method, status, created_at, updated_at) VALUES (?, 10000, 0, 0, ?, ?)",
    )
      .bind(teacher.user.id, now, now)
      .run();
    const online = await TestSocket.userChannel(teacher);
    await eventually(async () => (await presenceStub().onlineAmong([teacher.user.id])).length === 1);
    const staff = await TestSocket.open(`/parties/admin-channel/main?token=${admin.token}`);
    const stats = await staff.next("ServerStats");
    expect(stats.usersOnline).toBeGreaterThanOrEqual(1);
    expect(stats).toMatchObject({ pendingWithdrawals: 1, lessonsHappeningNow: 0, paymentsTodayCount: 0 });
    expect(stats.requestsPerMinute).toBeGreaterThanOrEqual(0);
    await closeAll(online);
    staff.close();
  });

  it("broadcasts stats at most once a second while staff are connected", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    const staff = await TestSocket.open(`/parties/admin-channel/main?token=${admin.token}`);
    await staff.next("ServerStats");
    expect(await runDurableObjectAlarm(adminStub())).toBe(true);
    await staff.next("ServerStats");
    const sentAt = Date.now();
    await presenceStub().userStatus(424242, true);
    await presenceStub().userStatus(424243, true);
    const alarm = await runInDurableObject(adminStub(), (_channel, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeGreaterThanOrEqual(sentAt + 1000 - 50);
    expect(alarm!).toBeLessThanOrEqual(sentAt + 1000 + 500);
    await presenceStub().userStatus(424242, false);
    await presenceStub().userStatus(424243, false);
    staff.close();
  });
});
