import { describe, expect, it } from "vitest";
import { InterviewStatus, ReviewStatus, Role } from "../../schema/enums";
import { insertDemo, insertInterview, manager } from "./factories-onboarding";
import { createTutor, createUser } from "./factories-lessons";
import { callContract } from "./helpers";
import { interviewContracts } from "../../schema/api/interview";
import { demoSessionContracts } from "../../schema/api/demo-session";

const ids = (body: { list: Array<{ id: number }> }) => body.list.map((row) => row.id);

describe("admin lists of interviews and demo sessions, filtered by tutor manager", () => {
  it("answers only the named manager's interviews, with the status filter still applying", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const [first, second] = [await manager(), await manager()];
    // One interview per tutor (the schema's rule): three tutors.
    const tutor = () => createTutor({ activated: false }).then((created) => created.id);
    const mine = await insertInterview(
      await tutor(),
      first.user.id,
      "2030-01-01T10:00:00.000Z",
      InterviewStatus.Pending,
    );
    const passed = await insertInterview(
      await tutor(),
      first.user.id,
      "2030-01-02T10:00:00.000Z",
      InterviewStatus.Passed,
    );
    const other = await insertInterview(
      await tutor(),
      second.user.id,
      "2030-01-03T10:00:00.000Z",
      InterviewStatus.Pending,
    );
    const all = await callContract(interviewContracts.list, {
      query: { manager: first.user.id },
      token: admin.token,
    });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([passed, mine]);
    expect(all.body.total).toBe(2);
    expect(ids(all.body)).not.toContain(other);
    const pending = await callContract(interviewContracts.list, {
      query: { manager: first.user.id, status: InterviewStatus.Pending },
      token: admin.token,
    });
    expect(ids(pending.body)).toEqual([mine]);
  });

  it("answers only the named manager's demo sessions", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const [first, second] = [await manager(), await manager()];
    const tutor = () => createTutor({ activated: false }).then((created) => created.id);
    const mine = await insertDemo(
      await tutor(),
      first.user.id,
      "2030-02-01T10:00:00.000Z",
      ReviewStatus.Pending,
    );
    await insertDemo(await tutor(), second.user.id, "2030-02-02T10:00:00.000Z", ReviewStatus.Pending);
    const response = await callContract(demoSessionContracts.list, {
      query: { manager: first.user.id },
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 1 });
    expect(ids(response.body)).toEqual([mine]);
  });

  it("refuses a manager that is not an id with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await callContract(interviewContracts.list, {
      query: { manager: "abc" },
      token: admin.token,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad-request");
  });
});
