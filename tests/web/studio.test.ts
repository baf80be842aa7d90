import { describe, expect, it } from "vitest";
import { PhotoSessionStatus } from "@schema/enums";
import { assetProblem } from "../../web/src/features/studio/asset-rules";
import {
  appointmentInstant,
  appointmentParts,
  isOpen,
  missingMedia,
} from "../../web/src/features/studio/session-rules";

const MiB = 1024 * 1024;

describe("studio uploads are checked in the browser first", () => {
  it("takes a jpg, png or gif photo up to 8 MB", () => {
    expect(assetProblem("image", { type: "image/png", size: 2 * MiB })).toBeNull();
    expect(assetProblem("image", { type: "image/webp", size: MiB })).toBe("asset-type");
    expect(assetProblem("image", { type: "image/jpeg", size: 8 * MiB + 1 })).toBe("asset-size");
    expect(assetProblem("thumbnail", { type: "image/gif", size: 0 })).toBe("asset-empty");
  });

  it("takes an mp4 or webm video up to 400 MB", () => {
    expect(assetProblem("video", { type: "video/webm", size: 300 * MiB })).toBeNull();
    expect(assetProblem("video", { type: "video/quicktime", size: MiB })).toBe("asset-type");
    expect(assetProblem("video", { type: "video/mp4", size: 400 * MiB + 1 })).toBe("asset-size");
  });
});

describe("a photo session on the studio's page", () => {
  it("is open while pending or scheduled", () => {
    expect(isOpen(PhotoSessionStatus.Pending)).toBe(true);
    expect(isOpen(PhotoSessionStatus.Scheduled)).toBe(true);
    expect(isOpen(PhotoSessionStatus.Done)).toBe(false);
    expect(isOpen(PhotoSessionStatus.Canceled)).toBe(false);
    expect(isOpen(undefined)).toBe(false);
  });

  it("lists the media still missing before it can be finished", () => {
    expect(missingMedia({ image: "/a.png", video: null, thumbnail: null })).toEqual(["video", "thumbnail"]);
    expect(missingMedia({ image: "/a.png", video: "/v.webm", thumbnail: "/t.png" })).toEqual([]);
  });

  it("turns a Cairo day and time into the UTC instant", () => {
    const now = new Date("2026-11-22T08:00:00.000Z");
    // Cairo is UTC+2 in November.
    expect(appointmentInstant("2026-11-25", String(14 * 60 + 30), now)).toEqual({
      ok: true,
      at: "2026-11-25T12:30:00.000Z",
    });
    expect(appointmentParts("2026-11-25T12:30:00.000Z", now)).toEqual({
      day: "2026-11-25",
      minute: String(14 * 60 + 30),
    });
  });

  it("refuses a missing or past appointment", () => {
    const now = new Date("2026-11-22T08:00:00.000Z");
    expect(appointmentInstant("2026-11-25", "", now)).toEqual({ ok: false, problem: "required" });
    expect(appointmentInstant("", "600", now)).toEqual({ ok: false, problem: "required" });
    expect(appointmentInstant("2026-11-21", "600", now)).toEqual({ ok: false, problem: "slot-time-passed" });
  });
});
