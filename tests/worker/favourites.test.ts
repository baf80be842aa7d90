import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { favouriteContracts } from "../../schema/api/favourites";
import { tutorContracts } from "../../schema/api/tutor";
import { Role } from "../../schema/enums";
import { callContract, createUserWithRole } from "./helpers";
import { onboardedTutor } from "./factories-tutors";

const save = (token: string | undefined, id: number) =>
  callContract(favouriteContracts.save, { params: { id }, token });
const remove = (token: string | undefined, id: number) =>
  callContract(favouriteContracts.remove, { params: { id }, token });
const list = (token: string | undefined, page = 1, size = 10) =>
  callContract(favouriteContracts.list, { query: { page, size }, token });
const ids = (token: string | undefined) => callContract(favouriteContracts.ids, { token });

async function storedCount(userId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM favourite_tutors WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("saved tutors (PUT/DELETE /tutor/{id}/favourite, GET /favourites)", () => {
  it("asks a visitor to sign in for every favourites route", async () => {
    const tutor = await onboardedTutor();
    for (const response of [
      await save(undefined, tutor.user.id),
      await remove(undefined, tutor.user.id),
      await list(undefined),
      await ids(undefined),
    ])
      expect([response.status, response.body.code]).toEqual([401, "unauthenticated"]);
  });

  it("saves and forgets idempotently, and each user sees only their own", async () => {
    const student = await createUserWithRole(Role.Student);
    const other = await createUserWithRole(Role.Student);
    const tutor = await onboardedTutor({ name: "أستاذة منى" });

    const first = await save(student.token, tutor.user.id);
    expect([first.status, first.body]).toEqual([200, { tutorId: tutor.user.id, saved: true }]);
    const again = await save(student.token, tutor.user.id);
    expect([again.status, again.body]).toEqual([200, { tutorId: tutor.user.id, saved: true }]);
    expect(await storedCount(student.user.id)).toBe(1);

    const mine = await list(student.token);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.list.map((card) => [card.id, card.name])).toEqual([[tutor.user.id, "أستاذة منى"]]);
    expect((await ids(student.token)).body.ids).toEqual([tutor.user.id]);
    // Another user's list is their own: empty.
    expect((await list(other.token)).body).toEqual({ list: [], total: 0 });
    expect((await ids(other.token)).body.ids).toEqual([]);

    const gone = await remove(student.token, tutor.user.id);
    expect([gone.status, gone.body]).toEqual([200, { tutorId: tutor.user.id, saved: false }]);
    const goneAgain = await remove(student.token, tutor.user.id);
    expect([goneAgain.status, goneAgain.body]).toEqual([200, { tutorId: tutor.user.id, saved: false }]);
    expect(await storedCount(student.user.id)).toBe(0);
    expect((await list(student.token)).body).toEqual({ list: [], total: 0 });
  });

  it("lets any signed-in user save, not only students", async () => {
    const tutorUser = await onboardedTutor();
    const saved = await onboardedTutor();
    const response = await save(tutorUser.token, saved.user.id);
    expect([response.status, response.body.saved]).toEqual([200, true]);
  });

  it("refuses a tutor who is not activated, a student and an unknown id, storing nothing", async () => {
    const student = await createUserWithRole(Role.Student);
    const waiting = await onboardedTutor({ activated: false });
    const classmate = await createUserWithRole(Role.Student);
    for (const id of [waiting.user.id, classmate.user.id, 99_999_999]) {
      const response = await save(student.token, id);
      expect([response.status, response.body.code]).toEqual([404, "tutor-not-found"]);
    }
    expect(await storedCount(student.user.id)).toBe(0);
  });

  it("pages the saved tutors newest first, the cards shaped as the tutor list's", async () => {
    const student = await createUserWithRole(Role.Student);
    const tutors = [];
    for (let index = 0; index < 5; index++) {
      const tutor = await onboardedTutor();
      tutors.push(tutor.user.id);
      await save(student.token, tutor.user.id);
      // Distinct saving times, so the order is the saving order.
      await env.DB.prepare("UPDATE favourite_tutors SET created_at = ? WHERE user_id = ? AND tutor_id = ?")
        .bind(new Date(Date.UTC(2026, 0, 1, 10, index)).toISOString(), student.user.id, tutor.user.id)
        .run();
    }
    const newestFirst = [...tutors].reverse();
    const first = await list(student.token, 1, 2);
    const second = await list(student.token, 2, 2);
    const third = await list(student.token, 3, 2);
    expect([first.body.total, second.body.total, third.body.total]).toEqual([5, 5, 5]);
    expect([...first.body.list, ...second.body.list, ...third.body.list].map((card) => card.id)).toEqual(
      newestFirst,
    );
    // The same card the public list answers for that tutor.
    const publicList = await callContract(tutorContracts.info, { params: { id: newestFirst[0]! } });
    const { about: _about, notice: _notice, ...card } = publicList.body;
    expect(first.body.list[0]).toEqual(card);
    expect((await ids(student.token)).body.ids).toEqual(newestFirst);

    const bad = await list(student.token, 0, 2);
    expect([bad.status, bad.body.code]).toEqual([400, "bad-request"]);
  });

  it("drops a saved tutor who is suspended from the list, and shows them again once lifted", async () => {
    const student = await createUserWithRole(Role.Student);
    const tutor = await onboardedTutor();
    await save(student.token, tutor.user.id);
    await env.DB.prepare("UPDATE users SET suspended_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), tutor.user.id)
      .run();
    expect((await list(student.token)).body.total).toBe(0);
    await env.DB.prepare("UPDATE users SET suspended_at = NULL WHERE id = ?").bind(tutor.user.id).run();
    expect((await list(student.token)).body.total).toBe(1);
  });
});
