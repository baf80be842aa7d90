import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminChannel } from "../../durable-objects/admin-channel";
import { Role } from "../../schema/enums";
import type { Env } from "../../worker/env";
import { createLogger } from "../../worker/http/logger";
import { publishToAdmins, publishToUser } from "../../worker/realtime/publish";
import { createUserWithRole } from "./helpers";
import { TestSocket, closeAll, eventually, startRoom, tutor, verifiedStudent } from "./factories-chat";

const logger = createLogger("test");
const adminStub = () => (env.ADMIN_CHANNEL as DurableObjectNamespace<AdminChannel>).getByName("main");

describe("publishing an event", () => {
  it("reaches every socket of that user and nobody else", async () => {
    const student = await verifiedStudent();
    const other = await verifiedStudent();
    const [phone, laptop, stranger] = [await TestSocket.userChannel(student), await TestSocket.userChannel(student), await TestSocket.userChannel(other)];
    expect(await publishToUser(env, student.user.id, { type: "LessonBooked", payload: { lessonId: 7 } }, logger)).toBe(1);
    expect(await phone.next("LessonBooked")).toEqual({ lessonId: 7 });
    expect(await laptop.next("LessonBooked")).toEqual({ lessonId: 7 });
    expect(stranger.all("LessonBooked")).toEqual([]);
    await closeAll(phone, laptop, stranger);
  });

  it("never throws when the channel cannot be reached", async () => {
    const broken = {
      USER_CHANNEL: { getByName: () => ({ publish: () => Promise.reject(new Error("down")) }) },
      ADMIN_CHANNEL: { getByName: () => ({ publish: () => Promise.reject(new Error("down")) }) },
    } as unknown as Env;
    expect(await publishToUser(broken, 1, { type: "InvoiceDeleted", payload: { invoiceId: 1 } }, logger)).toBe(0);
    expect(await publishToAdmins(broken, { type: "TutorsCacheUpdated", payload: {} }, logger)).toBe(false);
  });
});

describe("online status", () => {
  it("tells room partners when a user's first socket opens and the last one closes", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    await startRoom(student, teacher);
    const watcher = await TestSocket.userChannel(student);
    const first = await TestSocket.userChannel(teacher);
    expect(await watcher.next("UserStatusChanged")).toEqual({ userId: teacher.user.id, online: true });
    const second = await TestSocket.userChannel(teacher);
    first.close();
    second.close();
    expect(await watcher.next("UserStatusChanged")).toEqual({ userId: teacher.user.id, online: false });
    expect(watcher.all("UserStatusChanged")).toHaveLength(2);
    await closeAll(watcher);
  });
});

describe("admin channel", () => {
  it("sends staff the server stats computed from D1 and the online users", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const teacher = await tutor();
    const now = new Date().toISOString();
    await env.DB.prepare("INSERT INTO invoices (user_id, amount, method, status, created_at, updated_at) VALUES (?, 10000, 0, 0, ?, ?)")
      .bind(teacher.user.id, now, now)
      .run();
    const online = await TestSocket.userChannel(teacher);
    await eventually(async () => (await adminStub().stats()).usersOnline === 1);
    const staff = await TestSocket.open(`/parties/admin-channel/main?token=${admin.token}`);
    const stats = await staff.next("ServerStats");
    expect(stats).toMatchObject({ usersOnline: 1, pendingWithdrawals: 1, lessonsHappeningNow: 0, paymentsTodayCount: 0, requestsPerMinute: null });
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
    await adminStub().userStatus(424242, true);
    await adminStub().userStatus(424243, true);
    const alarm = await runInDurableObject(adminStub(), (_channel, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeGreaterThanOrEqual(sentAt + 1000 - 50);
    expect(alarm!).toBeLessThanOrEqual(sentAt + 1000 + 500);
    await adminStub().userStatus(424242, false);
    await adminStub().userStatus(424243, false);
    staff.close();
  });
});
