import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UserView } from "@schema/api/user";
import { Gender, Governorate, MessagingApp, Role } from "@schema/enums";
import {
  isTutorProfileComplete,
  phoneNeedsVerifying,
  tutorCompleteProfileSchema,
  tutorCompleteProfileValues,
} from "../../web/src/features/tutor-profile/complete-profile-rules";
import { mergeFailures } from "../../web/src/features/tutor-profile/use-complete-tutor-profile";
import { TutorVideoButton } from "../../web/src/features/tutors/tutor-video";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { ApiError } from "../../web/src/lib/api-error";
import { validateForm } from "../../web/src/lib/form";
import { renderWithApp } from "./render-with-app";

const tutor: UserView = {
  id: 5,
  name: null,
  email: "new.tutor@example.com",
  role: Role.Tutor,
  image: null,
  birthYear: null,
  gender: null,
  phone: null,
  city: null,
  notificationMethod: null,
  timeZone: "Africa/Cairo",
  verifiedEmail: true,
  verifiedPhone: false,
  hasPassword: true,
  creditScore: 0,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

const filled = {
  name: "سارة أحمد",
  bio: "مدرسة لغة إنجليزية للمحادثة والقواعد",
  about: "أدرّس اللغة الإنجليزية منذ عشر سنوات للكبار والصغار، وأركّز على المحادثة اليومية والنطق السليم",
  gender: Gender.Female,
  birthYear: "1992",
  city: String(Governorate.Giza),
  phone: "٠١٠١٢٣٤٥٦٧٨",
  notificationMethod: String(MessagingApp.Whatsapp),
};

describe("/t/complete-profile", () => {
  it("starts from what the tutor already has", () => {
    expect(
      tutorCompleteProfileValues(
        { ...tutor, name: "منى", phone: "01011112222" },
        { bio: "نبذة", about: null },
      ),
    ).toMatchObject({
      name: "منى",
      bio: "نبذة",
      about: "",
      phone: "01011112222",
    });
  });

  it("turns a filled form into the API's values, with the phone's Arabic digits normalised", () => {
    const checked = validateForm(tutorCompleteProfileSchema, filled);
    expect(checked).toEqual({
      ok: true,
      data: {
        name: "سارة أحمد",
        bio: filled.bio,
        about: filled.about,
        gender: Gender.Female,
        birthYear: 1992,
        city: Governorate.Giza,
        phone: "01012345678",
        notificationMethod: MessagingApp.Whatsapp,
      },
    });
  });

  it("gives each field its own code: Latin name, short bio, Latin about, bad phone, missing city", () => {
    const checked = validateForm(tutorCompleteProfileSchema, {
      ...filled,
      name: "Sara",
      bio: "قصيرة جدا",
      about: "I teach English to everyone".repeat(3),
      phone: "0123",
      city: "",
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: "invalid-tutor-name",
        bio: "short-bio",
        about: "invalid-tutor-about",
        phone: "invalid-phone",
        city: "required",
      },
    });
  });

  it("is complete with the account fields, bio, about and a verified phone", () => {
    const complete = {
      ...tutor,
      name: "سارة",
      birthYear: 1992,
      gender: Gender.Female,
      city: 1,
      notificationMethod: MessagingApp.Whatsapp,
      phone: "01012345678",
      verifiedPhone: true,
    };
    expect(isTutorProfileComplete(complete, { bio: "x", about: "y" })).toBe(true);
    expect(isTutorProfileComplete(complete, { bio: "x", about: null })).toBe(false);
    expect(isTutorProfileComplete({ ...complete, verifiedPhone: false }, { bio: "x", about: "y" })).toBe(
      false,
    );
  });

  it("asks for a phone code only for a new, changed or unverified number", () => {
    expect(phoneNeedsVerifying({ phone: "01012345678", verifiedPhone: true }, "01012345678")).toBe(false);
    expect(phoneNeedsVerifying({ phone: "01012345678", verifiedPhone: true }, "01112345678")).toBe(true);
    expect(phoneNeedsVerifying({ phone: null, verifiedPhone: false }, "01012345678")).toBe(true);
  });

  it("shows the field codes of both saves at once", () => {
    const merged = mergeFailures([
      new ApiError("invalid-tutor-name", 400, undefined, { name: "invalid-tutor-name" }),
      new ApiError("short-bio", 400, undefined, { bio: "short-bio" }),
    ]);
    expect(merged).toBeInstanceOf(ApiError);
    expect(merged).toMatchObject({
      code: "invalid-tutor-name",
      status: 400,
      fields: { name: "invalid-tutor-name", bio: "short-bio" },
    });
  });
});

describe("the intro video on a tutor card", () => {
  it("loads no video until the visitor asks, then opens it in a dialog without autoplay", () => {
    renderWithApp(<TutorVideoButton name="سارة" video="/api/v1/assets/uploads/v.webm" thumbnail={null} />);
    expect(document.querySelector("video")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: ar.tutorVideo.play("سارة") }));
    const dialog = screen.getByRole("dialog", { name: ar.tutorVideo.dialogTitle("سارة") });
    const video = dialog.querySelector("video");
    expect(video?.getAttribute("src")).toBe("/api/v1/assets/uploads/v.webm");
    expect(video?.autoplay).toBe(false);
    expect(video?.hasAttribute("controls")).toBe(true);
  });
});
