// A demo tutor and a newly registered student with lessons between them at chosen times, through
// the local-only POST /dev/lessons (worker/domain/learning/notes-dev.ts): the browser tests of what
// happens after a lesson (notes, level, progress) start from here.
import { expect } from "vitest";
import { api } from "./api";
import { DEMO_PASSWORD } from "./browser";

export type Auth = { token: string; user: { id: number; name: string | null } };
export type Pair = { tutor: Auth; student: { email: string; token: string }; lessons: number[] };

/**
 * Signs `tutorEmail` in, registers a student named `studentName` (its email starts with `tag`) and
 * books one 30-minute lesson between them at each of `startsInMinutes` (negative: in the past).
 */
export async function pairWithLessons(
  tutorEmail: string,
  tag: string,
  studentName: string,
  startsInMinutes: readonly number[],
): Promise<Pair> {
  const tutor = (await api<Auth>("POST", "/auth/password", { email: tutorEmail, password: DEMO_PASSWORD }))
    .body;
  const email = `e2e-${tag}-${Date.now().toString(36)}@example.com`;
  const registered = await api<Auth>("POST", "/user/", {
    email,
    password: DEMO_PASSWORD,
    role: 4,
    name: studentName,
  });
  expect(registered.status).toBe(201);
  const student = { email, token: registered.body.token };
  const lessons: number[] = [];
  for (const startInMinutes of startsInMinutes) {
    const made = await api<{ id: number }>(
      "POST",
      "/dev/lessons",
      { tutorId: tutor.user.id, startInMinutes, duration: 30 },
      student.token,
    );
    expect(made.status).toBe(201);
    lessons.push(made.body.id);
  }
  return { tutor, student, lessons };
}
