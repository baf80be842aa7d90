import { describe, expect, it } from "vitest";
import { registerBody } from "../../schema/api/user";
import { Role } from "../../schema/enums";

const base = { email: "new@example.com", password: "Strong#Pass1" };
const codeOf = (input: unknown) => {
  const result = registerBody.safeParse(input);
  return result.success
    ? null
    : { code: result.error.issues[0]?.message, path: result.error.issues[0]?.path };
};

describe("registration contract (POST /user/)", () => {
  it("accepts a student's Latin or Arabic name", () => {
    expect(codeOf({ ...base, role: Role.Student, name: "Sara Ali" })).toBeNull();
    expect(codeOf({ ...base, role: Role.Student, name: "سارة علي" })).toBeNull();
  });

  it("refuses a tutor's Latin name with invalid-tutor-name on the name field", () => {
    expect(codeOf({ ...base, role: Role.Tutor, name: "Ahmed Ali" })).toEqual({
      code: "invalid-tutor-name",
      path: ["name"],
    });
    expect(codeOf({ ...base, role: Role.TutorManager, name: "Mona سعيد" })).toEqual({
      code: "invalid-tutor-name",
      path: ["name"],
    });
  });

  it("accepts a tutor's Arabic name, and a tutor with no name yet", () => {
    expect(codeOf({ ...base, role: Role.Tutor, name: "أحمد علي" })).toBeNull();
    expect(codeOf({ ...base, role: Role.Tutor })).toBeNull();
  });

  it("reports one code per problem: a too-short tutor name is short-user-name only", () => {
    const result = registerBody.safeParse({ ...base, role: Role.Tutor, name: "A" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["short-user-name"]);
  });
});
