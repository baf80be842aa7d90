import { describe, expect, it } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import { serverErrors, validateForm } from "../../web/src/lib/form";
import { toggleTopic } from "../../web/src/features/topics/topic-picker";
import {
  noticeChoices,
  tutorProfileFormSchema,
  tutorProfileFormValues,
} from "../../web/src/features/tutor-profile/profile-rules";

const good = {
  name: "محمود حسن",
  bio: "أساعدك على التحدث بالإنجليزية بثقة",
  about: "أدرّس اللغة الإنجليزية منذ سنوات للطلاب والموظفين وأركز على المحادثة والنطق الصحيح",
  notice: "60",
};

describe("tutor profile form", () => {
  it("accepts a valid profile and turns the notice into minutes", () => {
    const checked = validateForm(tutorProfileFormSchema, good);
    expect(checked).toEqual({ ok: true, data: { ...good, notice: 60 } });
  });

  it("gives the shared rules' codes per field", () => {
    const checked = validateForm(tutorProfileFormSchema, {
      name: "",
      bio: "",
      about: "قصير",
      notice: "2000",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: "required",
      bio: "empty-bio",
      about: "short-tutor-about",
      notice: "max-notice-exceeded",
    });
    const more = validateForm(tutorProfileFormSchema, {
      name: "Mahmoud",
      bio: "a".repeat(30),
      about: "x".repeat(1001),
      notice: "0",
    });
    expect(more.ok ? {} : more.errors).toEqual({
      name: "invalid-tutor-name",
      bio: "invalid-bio",
      about: "long-tutor-about",
      notice: "invalid-notice",
    });
    const longBio = validateForm(tutorProfileFormSchema, { ...good, bio: "ب".repeat(61) });
    expect(longBio.ok ? {} : longBio.errors).toEqual({ bio: "long-bio" });
    const shortBio = validateForm(tutorProfileFormSchema, { ...good, bio: "نبذة قصيرة" });
    expect(shortBio.ok ? {} : shortBio.errors).toEqual({ bio: "short-bio" });
  });

  it("maps the server's field errors onto the form", () => {
    const error = new ApiError("bad-request", 400, "", { bio: "invalid-bio", notice: "max-notice-exceeded" });
    expect(serverErrors(error, ["name", "bio", "about", "notice"])).toEqual({
      fieldErrors: { bio: "invalid-bio", notice: "max-notice-exceeded" },
      formError: null,
    });
  });

  it("starts from the saved profile and keeps an uncommon notice as a choice", () => {
    expect(tutorProfileFormValues({ name: null }, null)).toEqual({
      name: "",
      bio: "",
      about: "",
      notice: "60",
    });
    expect(tutorProfileFormValues({ name: "سارة" }, { bio: "ب", about: "ع", notice: 45 }).notice).toBe("45");
    expect(noticeChoices(45)).toEqual([15, 30, 45, 60, 120, 180, 360, 720, 1440]);
    expect(noticeChoices(60)).toHaveLength(8);
  });
});

describe("topic picker", () => {
  const topic = (id: number) => ({ id, nameAr: `موضوع ${id}`, nameEn: `Topic ${id}` });
  it("adds and removes topics, never past 30", () => {
    const chosen = Array.from({ length: 29 }, (_, n) => topic(n + 1));
    const thirty = toggleTopic(chosen, topic(30));
    expect(thirty).toHaveLength(30);
    expect(toggleTopic(thirty, topic(31))).toBe(thirty);
    expect(toggleTopic(thirty, topic(5))).toHaveLength(29);
  });
});
