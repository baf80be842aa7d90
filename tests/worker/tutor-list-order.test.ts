import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import { createDb } from "../../worker/core/db";
import { forgetTutorListCache, listOnboardedTutors } from "../../worker/domain/tutors/tutor-list";
import { at, bookLessonInSlot, createSlot, onboardedTutor, slotActions } from "./factories-tutors";
import { callContract, createUserWithRole, register } from "./helpers";
import { suspensionContracts } from "../../schema/api/suspension";

// The list's order is kept in tutors.list_* (worker/domain/tutors/tutor-list.ts, migrations/0008 and 0009):
// each test changes one thing it depends on and checks the next page read follows it.

let counter = 0;
/** A unique name prefix, so each test reads only its own tutors through the name filter. */
function prefix(): string {
  counter++;
  return `ترتيب${"ابتثجحخدذرزسشصضطظعغفقكلمنهوي"[counter % 28]}${"ابتثجحخدذرزسشصضطظعغفقكلمنهوي"[Math.floor(Math.random() * 28)]}${Date.now() % 1000}`;
}

async function names(name: string, now?: Date): Promise<string[]> {
  forgetTutorListCache();
  const page = await listOnboardedTutors(createDb(env), { page: 1, size: 20, name }, now);
  return page.list.map((card) => card.name!);
}

const stored = (id: number) =>
  env.DB.prepare(
    "SELECT list_free_at AS freeAt, list_rating AS rating, list_lessons AS lessons FROM tutors WHERE id = ?",
  )
    .bind(id)
    .first<{
      freeAt: string | null;
      rating: number | null;
      lessons: number | null;
    }>();

let admin: AuthResponse;
beforeAll(async () => {
  admin = await createUserWithRole(Role.SuperAdmin);
});

describe("the tutor list's kept order", () => {
  it("follows free time published, moved and removed", async () => {
    const p = prefix();
    const a = await onboardedTutor({ name: `${p} أ` });
    const b = await onboardedTutor({ name: `${p} ب` });
    await createSlot(a.token, at(180), at(240));
    const bSlot = await createSlot(b.token, at(300), at(360));
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);
    expect((await stored(a.user.id))?.freeAt).toBe(at(180));

    const moved = await slotActions(b.token, [{ type: "update", id: bSlot, start: at(120), end: at(150) }]);
    expect(moved.status).toBe(200);
    expect(await names(p)).toEqual([`${p} ب`, `${p} أ`]);

    const removed = await slotActions(b.token, [{ type: "delete", id: bSlot }]);
    expect(removed.status).toBe(200);
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);
    expect((await stored(b.user.id))?.freeAt).toBe("9999");
  });

  it("follows a booking that fills the free time", async () => {
    const p = prefix();
    const a = await onboardedTutor({ name: `${p} أ` });
    const b = await onboardedTutor({ name: `${p} ب` });
    const student = await register(Role.Student);
    const aSlot = await createSlot(a.token, at(120), at(150));
    await createSlot(b.token, at(180), at(240));
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);
    await bookLessonInSlot(a.user.id, student.user.id, aSlot, at(120), 30);
    expect(await names(p)).toEqual([`${p} ب`, `${p} أ`]);
    expect((await stored(a.user.id))?.freeAt).toBe("9999");
  });

  it("follows ratings given", async () => {
    const p = prefix();
    const a = await onboardedTutor({ name: `${p} أ` });
    const b = await onboardedTutor({ name: `${p} ب` });
    await createSlot(a.token, at(180), at(240));
    await createSlot(b.token, at(180), at(240));
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);
    const rater = await register(Role.Student);
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO ratings (rater_id, ratee_id, value, created_at, updated_at) VALUES (?, ?, 5, ?, ?)",
    )
      .bind(rater.user.id, b.user.id, now, now)
      .run();
    expect(await names(p)).toEqual([`${p} ب`, `${p} أ`]);
    expect((await stored(b.user.id))?.rating).toBe(-5);
  });

  it("drops a tutor who is suspended, deactivated or loses their photo, and takes them back", async () => {
    const p = prefix();
    const a = await onboardedTutor({ name: `${p} أ` });
    const b = await onboardedTutor({ name: `${p} ب` });
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);

    const suspended = await callContract(suspensionContracts.suspend, {
      params: { id: a.user.id },
      token: admin.token,
      body: { reason: "إساءة متكررة في المحادثات" },
    });
    expect(suspended.status).toBe(200);
    expect(await names(p)).toEqual([`${p} ب`]);
    expect((await stored(a.user.id))?.freeAt).toBeNull();
    expect(
      (await callContract(suspensionContracts.restore, { params: { id: a.user.id }, token: admin.token }))
        .status,
    ).toBe(200);
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);

    await env.DB.prepare("UPDATE tutors SET activated = 0 WHERE id = ?").bind(b.user.id).run();
    expect(await names(p)).toEqual([`${p} أ`]);
    await env.DB.prepare("UPDATE tutors SET activated = 1 WHERE id = ?").bind(b.user.id).run();
    const image = await env.DB.prepare("SELECT image FROM users WHERE id = ?")
      .bind(b.user.id)
      .first<{ image: string }>();
    await env.DB.prepare("UPDATE users SET image = NULL WHERE id = ?").bind(b.user.id).run();
    expect(await names(p)).toEqual([`${p} أ`]);
    await env.DB.prepare("UPDATE users SET image = ? WHERE id = ?").bind(image!.image, b.user.id).run();
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);
  });

  it("follows the passing of time: free time out of reach, free time within the notice, a lesson ending", async () => {
    const p = prefix();
    const a = await onboardedTutor({ name: `${p} أ` });
    const b = await onboardedTutor({ name: `${p} ب` });
    const student = await register(Role.Student);
    await createSlot(a.token, at(120), at(180)); // notice 60: out of reach from at(120)
    await createSlot(b.token, at(300), at(600));
    expect(await names(p)).toEqual([`${p} أ`, `${p} ب`]);

    // Two and a half hours on: A's slot is out of reach, B's is next.
    const later = new Date(Date.parse(at(150)));
    expect(await names(p, later)).toEqual([`${p} ب`, `${p} أ`]);
    expect((await stored(a.user.id))?.freeAt).toBe("9999");

    // Inside B's slot: its free time is now + notice, as the card says.
    const inside = new Date(Date.parse(at(405)));
    forgetTutorListCache();
    const page = await listOnboardedTutors(createDb(env), { page: 1, size: 20, name: p }, inside);
    expect(page.list[0]?.name).toBe(`${p} ب`);
    expect(page.list[0]?.nextFreeAt).toBe(at(465));
    expect((await stored(b.user.id))?.freeAt).toBe(at(465));

    // A lesson of A's ending makes it a lesson taught once its end has passed.
    const c = await onboardedTutor({ name: `${p} ج` });
    const cSlot = await createSlot(c.token, at(705), at(765));
    await bookLessonInSlot(c.user.id, student.user.id, cSlot, at(705), 30);
    await names(p, inside);
    expect((await stored(c.user.id))?.lessons).toBe(0);
    await names(p, new Date(Date.parse(at(750))));
    expect((await stored(c.user.id))?.lessons).toBe(-1);
  });
});
