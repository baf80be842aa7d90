import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OnboardingStep } from "@schema/api/onboarding";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const patch = vi.fn();
const upload = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    patch: (...args: unknown[]) => patch(...args),
    upload: (...args: unknown[]) => upload(...args),
  },
}));
vi.mock("../../web/src/lib/session", () => ({ session: { liveToken: () => "token" } }));

const { TutorAssetUpload } = await import("../../web/src/features/studio/tutor-asset-upload");
const { PhotoSessionStep } = await import("../../web/src/features/studio/photo-session-step");
const { uploadInParts } = await import("../../web/src/features/onboarding/upload");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");

afterEach(cleanup);
beforeEach(() => {
  for (const mock of [get, post, patch, upload]) mock.mockReset();
});

const s = ar.studio;
const fileOf = (name: string, type: string, size: number) => {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
const choose = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe("the studio's media uploads", () => {
  it("refuses a wrong type or a too large file in the browser, sending nothing", () => {
    renderWithApp(<TutorAssetUpload tutorId={9} kind="image" current={null} />);
    choose(s.choose.image, fileOf("photo.webp", "image/webp", 1000));
    expect(screen.getByRole("alert").textContent).toBe(s.fileErrors.image["asset-type"]);
    choose(s.choose.image, fileOf("photo.png", "image/png", 8 * 1024 * 1024 + 1));
    expect(screen.getByRole("alert").textContent).toBe(s.fileErrors.image["asset-size"]);
    expect(upload).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it("sends a photo in one request to PUT /user/asset/tutor for the tutor", async () => {
    upload.mockResolvedValue({
      tutorId: 9,
      image: "/api/v1/assets/uploads/p.png",
      video: null,
      thumbnail: null,
    });
    renderWithApp(<TutorAssetUpload tutorId={9} kind="thumbnail" current={null} />);
    choose(s.choose.thumbnail, fileOf("thumb.png", "image/png", 2000));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [path, form, options] = upload.mock.calls[0] as [string, FormData, { query: unknown }];
    expect(path).toBe("/user/asset/tutor");
    expect(form.get("thumbnail")).toBeInstanceOf(File);
    expect(options.query).toEqual({ tutorId: 9 });
  });

  it("starts a chunked upload for a video", async () => {
    post.mockReturnValue(new Promise(() => {}));
    renderWithApp(<TutorAssetUpload tutorId={9} kind="video" current={null} />);
    choose(s.choose.video, fileOf("video.mp4", "video/mp4", 300 * 1024 * 1024));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]?.[0]).toBe("/user/asset/tutor/video/upload");
    expect(post.mock.calls[0]?.[1]).toEqual({
      tutorId: 9,
      contentType: "video/mp4",
      size: 300 * 1024 * 1024,
    });
    expect(screen.getByRole("progressbar")).toBeTruthy();
    expect(screen.getByRole("button", { name: s.stopUpload })).toBeTruthy();
  });

  it("an aborted multipart upload is aborted on the server too, so its parts are discarded", async () => {
    const abort = vi.fn().mockResolvedValue(undefined);
    const stop = new AbortController();
    stop.abort();
    const routes = {
      purpose: "studio-video:9",
      start: vi.fn().mockResolvedValue({ key: "k", uploadId: "u", partSize: 5 }),
      partUrl: () => "/api/v1/part",
      storedParts: vi.fn().mockResolvedValue({ parts: [] }),
      complete: vi.fn(),
      abort,
    };
    await expect(
      uploadInParts(new Blob(["0123456789"]), routes, stop.signal, () => {}),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(abort).toHaveBeenCalledWith({ key: "k", uploadId: "u", partSize: 5 });
    expect(routes.complete).not.toHaveBeenCalled();
  });
});

const step = (over: Partial<OnboardingStep>): OnboardingStep => ({
  state: "todo",
  next: "book",
  id: null,
  retryAt: null,
  start: null,
  feedback: null,
  ...over,
});

describe("onboarding step 5, the photo session", () => {
  it("asks the chosen studio for a session", async () => {
    get.mockResolvedValue({ list: [{ id: 6, name: "استوديو درس", image: null }], total: 1 });
    post.mockResolvedValue({ id: 3 });
    renderWithApp(<PhotoSessionStep step={step({})} />);
    const select = await screen.findByLabelText(new RegExp(s.chooseStudio));
    fireEvent.click(screen.getByRole("button", { name: s.request }));
    expect(await screen.findByText(errorMessage("required"))).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(select, { target: { value: "6" } });
    fireEvent.click(screen.getByRole("button", { name: s.request }));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/photo-session", { studioId: 6 }));
  });

  it("shows the requested session's studio and appointment, and lets the tutor cancel it", async () => {
    get.mockResolvedValue({
      id: 4,
      studioName: "استوديو درس",
      status: "scheduled",
      scheduledAt: "2026-11-25T12:30:00.000Z",
    });
    patch.mockResolvedValue({ id: 4, status: "canceled" });
    renderWithApp(<PhotoSessionStep step={step({ state: "pending", next: "attend", id: 4 })} />);
    expect(await screen.findByText("استوديو درس")).toBeTruthy();
    expect(get).toHaveBeenCalledWith("/photo-session/4", expect.anything());
    fireEvent.click(screen.getByRole("button", { name: s.cancelRequest }));
    fireEvent.click(screen.getByRole("button", { name: s.cancelConfirm }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith("/photo-session/4", { status: "canceled" }));
  });
});
