import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { connect } from "./factories-chat";
import { createUserWithRole, register } from "./helpers";

describe("socket gate (/parties/*)", () => {
  it("opens the user's own channel and greets it", async () => {
    const { user, token } = await register();
    const response = await connect(`/parties/user-channel/${user.id}?token=${token}`);
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const first = new Promise<string>((resolve) =>
      socket.addEventListener("message", (event) => resolve(String(event.data))),
    );
    socket.accept();
    expect(JSON.parse(await first)).toEqual({ type: "Connected", payload: { userId: user.id } });
    socket.close();
  });

  it("refuses no ticket, a ticket a bad token could not get and another user's channel (connect() turns ?token= into a ticket)", async () => {
    const a = await register();
    const b = await register();
    expect((await connect(`/parties/user-channel/${a.user.id}`)).status).toBe(401);
    expect((await connect(`/parties/user-channel/${a.user.id}?token=nope`)).status).toBe(401);
    expect((await connect(`/parties/user-channel/${a.user.id}?token=${b.token}`)).status).toBe(403);
  });

  it("admits only admins to the admin channel (docs/product.md §6: server stats are an admin ability)", async () => {
    const student = await register();
    expect((await connect(`/parties/admin-channel/main?token=${student.token}`)).status).toBe(403);
    for (const role of [Role.TutorManager, Role.Studio]) {
      const staff = await createUserWithRole(role);
      expect((await connect(`/parties/admin-channel/main?token=${staff.token}`)).status).toBe(403);
    }
    const regular = await createUserWithRole(Role.RegularAdmin);
    expect((await connect(`/parties/admin-channel/main?token=${regular.token}`)).status).toBe(101);
    const admin = await createUserWithRole(Role.SuperAdmin);
    expect((await connect(`/parties/admin-channel/main?token=${admin.token}`)).status).toBe(101);
  });
});
