import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TutorCard as TutorCardData } from "@schema/api/tutor";
import { renderWithApp } from "./render-with-app";

const upload = vi.fn();
// Nothing here talks to the API: the card's config query waits, and uploads are only recorded.
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: () => new Promise(() => {}),
    post: () => new Promise(() => {}),
    upload: (...args: unknown[]) => upload(...args),
  },
}));

const { TutorCard, cardThumbnailSizes } = await import("../../web/src/features/tutors/tutor-card");
const { TutorPhoto } = await import("../../web/src/features/tutors/tutor-photo");
const { TutorVideoButton, TutorVideoInline } = await import("../../web/src/features/tutors/tutor-video");
const { TutorAssetUpload } = await import("../../web/src/features/studio/tutor-asset-upload");
const { UserAvatar } = await import("../../web/src/features/user/user-avatar");
const { appendImageVariants, makeImageVariants, variantSrcSet } =
  await import("../../web/src/lib/image-variants");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const stored = "/api/v1/assets/uploads/avatars/7-abc.png";
const photo = () => document.querySelector("img")!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  upload.mockReset();
});

describe("avatars and tutor photos load their small versions without moving the page", () => {
  it("a tutor photo of a list lists its 96 and 192 px versions, has its width and height, and loads lazily", () => {
    render(<TutorPhoto name="منى" image={stored} />);
    const img = photo();
    expect(img.getAttribute("srcset")).toBe(`${stored}@96 96w, ${stored}@192 192w`);
    expect(img.getAttribute("sizes")).toBe("64px");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["64", "64"]);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.getAttribute("fetchpriority")).toBeNull();
    expect(img.getAttribute("src")).toBe(stored);
  });

  it("the first photo a page shows is fetched early instead of lazily", () => {
    render(<TutorPhoto name="منى" image={stored} size="lg" priority />);
    const img = photo();
    expect([img.getAttribute("width"), img.getAttribute("sizes")]).toEqual(["96", "96px"]);
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it("the header avatar has its versions and size and is not lazy (it is at the top of every page)", () => {
    render(<UserAvatar user={{ name: "سارة", email: "s@example.com", image: stored }} />);
    const img = photo();
    expect(img.getAttribute("srcset")).toContain(`${stored}@96 96w`);
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("sizes")]).toEqual([
      "36",
      "36",
      "36px",
    ]);
    expect(img.getAttribute("loading")).toBe("eager");
  });

  it("an image that is not one of our uploads gets no srcset (it has no versions), still its size", () => {
    expect(variantSrcSet("https://example.com/me.png", "image")).toBeUndefined();
    render(<TutorPhoto name="منى" image="https://example.com/me.png" />);
    expect(photo().getAttribute("srcset")).toBeNull();
    expect(photo().getAttribute("sizes")).toBeNull();
    expect(photo().getAttribute("width")).toBe("64");
  });
});

describe("versions made before upload", () => {
  it("a browser that cannot decode images makes none, and the form keeps only the original", async () => {
    const variants = await makeImageVariants(
      new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }),
      "image",
    );
    expect(variants.size).toBe(0);
    const form = new FormData();
    appendImageVariants(form, "image", variants);
    expect([...form.keys()]).toEqual([]);
  });

  it("each version goes in its own field, named by its width", () => {
    const form = new FormData();
    appendImageVariants(
      form,
      "image",
      new Map([
        [96, new Blob(["a"], { type: "image/webp" })],
        [192, new Blob(["b"], { type: "image/jpeg" })],
      ]),
    );
    expect([...form.keys()].sort()).toEqual(["image@192", "image@96"]);
    expect((form.get("image@96") as File).name).toBe("image@96.webp");
    expect((form.get("image@192") as File).name).toBe("image@192.jpg");
  });
});

const thumbnail = "/api/v1/assets/uploads/tutors/thumbnails/7-abc.jpg";
const thumbnailSrcSet = `${thumbnail}@320 320w, ${thumbnail}@640 640w, ${thumbnail}@960 960w`;
const thumbnailImage = () => document.querySelector("button img")!;

const card: TutorCardData = {
  id: 7,
  name: "منى",
  image: null,
  gender: null,
  bio: null,
  video: "/api/v1/assets/uploads/tutors/videos/7-abc.mp4",
  thumbnail,
  topics: [],
  rating: { average: null, count: 0 },
  lessonsTaught: 0,
  nextFreeAt: null,
  responseSeconds: null,
};

describe("a tutor card's video thumbnail", () => {
  it("lists its 320, 640 and 960 px versions for the card's width, keeps its 16:9 box with width and height, and loads lazily", () => {
    renderWithApp(
      <ul>
        <TutorCard tutor={card} />
      </ul>,
    );
    const img = thumbnailImage();
    expect(img.getAttribute("srcset")).toBe(thumbnailSrcSet);
    expect(img.getAttribute("sizes")).toBe(cardThumbnailSizes);
    expect(cardThumbnailSizes).toBe(
      "(min-width: 1024px) 254px, (min-width: 928px) 406px, (min-width: 640px) calc(50vw - 58px), calc(100vw - 66px)",
    );
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["320", "180"]);
    expect([
      img.getAttribute("loading"),
      img.getAttribute("decoding"),
      img.getAttribute("fetchpriority"),
    ]).toEqual(["lazy", "async", null]);
    expect(img.getAttribute("src")).toBe(thumbnail);
    cleanup();
    // A thumbnail that is not one of our uploads (an external one) has no versions: same box, no srcset.
    render(
      <TutorVideoButton
        name="منى"
        video="/v.mp4"
        thumbnail="https://example.com/t.png"
        sizes={cardThumbnailSizes}
      />,
    );
    expect([
      thumbnailImage().getAttribute("width"),
      thumbnailImage().getAttribute("height"),
      thumbnailImage().getAttribute("loading"),
    ]).toEqual(["320", "180", "lazy"]);
    expect([thumbnailImage().getAttribute("srcset"), thumbnailImage().getAttribute("sizes")]).toEqual([
      null,
      null,
    ]);
  });

  it("on the first card is fetched early instead of lazily (it may be the page's largest paint)", () => {
    renderWithApp(
      <ul>
        <TutorCard tutor={card} first />
      </ul>,
    );
    expect([
      thumbnailImage().getAttribute("loading"),
      thumbnailImage().getAttribute("fetchpriority"),
    ]).toEqual(["eager", "high"]);
    expect(thumbnailImage().getAttribute("srcset")).toBe(thumbnailSrcSet);
  });
});

describe("the tutor page's intro video", () => {
  it("shows the thumbnail's versions in a 16:9 box over a player that fetches nothing until play is pressed", () => {
    const play = vi.fn(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(play);
    render(
      <TutorVideoInline
        name="منى"
        video="/api/v1/assets/uploads/tutors/videos/7-abc.mp4"
        thumbnail={thumbnail}
        sizes="488px"
      />,
    );
    const video = document.querySelector("video")!;
    expect([
      video.getAttribute("preload"),
      video.hasAttribute("controls"),
      video.getAttribute("poster"),
    ]).toEqual(["none", false, null]);
    expect([thumbnailImage().getAttribute("srcset"), thumbnailImage().getAttribute("sizes")]).toEqual([
      thumbnailSrcSet,
      "488px",
    ]);
    expect([
      thumbnailImage().getAttribute("width"),
      thumbnailImage().getAttribute("height"),
      thumbnailImage().getAttribute("loading"),
    ]).toEqual(["320", "180", "lazy"]);

    fireEvent.click(screen.getByRole("button", { name: ar.tutorVideo.play("منى") }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(document.querySelector("button")).toBeNull();
    expect(video.hasAttribute("controls")).toBe(true);
    // The version the browser had chosen is the poster (its currentSrc; happy-dom picks the original).
    expect(video.getAttribute("poster")).toBe(new URL(thumbnail, location.href).href);
    expect(document.activeElement).toBe(video);
  });
});

/** A browser that decodes a `width` × `height` image and draws on canvases (recorded), encoding WebP. */
function drawingBrowser(width: number, height: number) {
  const drawn: Array<{ canvas: [number, number]; crop: number[] }> = [];
  class RecordingCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        imageSmoothingQuality: "low",
        drawImage: (_image: unknown, ...box: number[]) =>
          drawn.push({ canvas: [this.width, this.height], crop: box.slice(0, 4) }),
      };
    }
    convertToBlob({ type }: { type: string }) {
      return Promise.resolve(new Blob([new Uint8Array(this.width)], { type }));
    }
  }
  vi.stubGlobal("OffscreenCanvas", RecordingCanvas);
  vi.stubGlobal("createImageBitmap", () => Promise.resolve({ width, height, close: () => undefined }));
  return drawn;
}

describe("a thumbnail's versions, made before upload", () => {
  it("are the centre of the image cut to 16:9 and drawn 320, 640 and 960 px wide", async () => {
    const drawn = drawingBrowser(1280, 960);
    const variants = await makeImageVariants(new Blob(["x"], { type: "image/png" }), "thumbnail");
    expect([...variants.keys()]).toEqual([320, 640, 960]);
    expect([...variants.values()].map((blob) => blob.type)).toEqual([
      "image/webp",
      "image/webp",
      "image/webp",
    ]);
    expect(drawn).toEqual([
      { canvas: [320, 180], crop: [0, 120, 1280, 720] },
      { canvas: [640, 360], crop: [0, 120, 1280, 720] },
      { canvas: [960, 540], crop: [0, 120, 1280, 720] },
    ]);
  });

  it("are never the original made larger: a 700 px wide thumbnail gets 320 and 640 only (the server serves the original for 960)", async () => {
    drawingBrowser(700, 394);
    expect([
      ...(await makeImageVariants(new Blob(["x"], { type: "image/png" }), "thumbnail")).keys(),
    ]).toEqual([320, 640]);
  });

  it("go with the thumbnail the studio uploads, each in its own field", async () => {
    drawingBrowser(1920, 1080);
    upload.mockResolvedValue({ tutorId: 9, image: null, video: null, thumbnail });
    renderWithApp(<TutorAssetUpload tutorId={9} kind="thumbnail" current={null} />);
    fireEvent.change(screen.getByLabelText(ar.studio.choose.thumbnail), {
      target: { files: [new File(["x"], "thumb.png", { type: "image/png" })] },
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const form = upload.mock.calls[0]![1] as FormData;
    expect([...form.keys()].sort()).toEqual(["thumbnail", "thumbnail@320", "thumbnail@640", "thumbnail@960"]);
    expect((form.get("thumbnail@640") as File).name).toBe("thumbnail@640.webp");
  });
});
