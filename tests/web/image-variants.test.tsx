import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TutorPhoto } from "../../web/src/features/tutors/tutor-card";
import { UserAvatar } from "../../web/src/features/user/user-avatar";
import { appendImageVariants, makeImageVariants, squareSrcSet } from "../../web/src/lib/image-variants";

const stored = "/api/v1/assets/uploads/avatars/7-abc.png";
const photo = () => document.querySelector("img")!;

afterEach(cleanup);

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
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("sizes")]).toEqual(["36", "36", "36px"]);
    expect(img.getAttribute("loading")).toBe("eager");
  });

  it("an image that is not one of our uploads gets no srcset (it has no versions), still its size", () => {
    expect(squareSrcSet("https://example.com/me.png")).toBeUndefined();
    render(<TutorPhoto name="منى" image="https://example.com/me.png" />);
    expect(photo().getAttribute("srcset")).toBeNull();
    expect(photo().getAttribute("sizes")).toBeNull();
    expect(photo().getAttribute("width")).toBe("64");
  });
});

describe("versions made before upload", () => {
  it("a browser that cannot decode images makes none, and the form keeps only the original", async () => {
    const variants = await makeImageVariants(new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }));
    expect(variants.size).toBe(0);
    const form = new FormData();
    appendImageVariants(form, variants);
    expect([...form.keys()]).toEqual([]);
  });

  it("each version goes in its own field, named by its width", () => {
    const form = new FormData();
    appendImageVariants(form, new Map([[96, new Blob(["a"], { type: "image/webp" })], [192, new Blob(["b"], { type: "image/jpeg" })]]));
    expect([...form.keys()].sort()).toEqual(["image@192", "image@96"]);
    expect((form.get("image@96") as File).name).toBe("image@96.webp");
    expect((form.get("image@192") as File).name).toBe("image@192.jpg");
  });
});

describe("a tutor card's video thumbnail", () => {
  it("keeps its 16:9 box with width and height, lazy unless it is on the first card", async () => {
    const { TutorVideoButton } = await import("../../web/src/features/tutors/tutor-video");
    render(<TutorVideoButton name="منى" video="/v.mp4" thumbnail="/api/v1/assets/uploads/demo/t.png" />);
    expect([photo().getAttribute("width"), photo().getAttribute("height"), photo().getAttribute("loading")]).toEqual(["320", "180", "lazy"]);
    cleanup();
    render(<TutorVideoButton name="منى" video="/v.mp4" thumbnail="/api/v1/assets/uploads/demo/t.png" priority />);
    expect([photo().getAttribute("loading"), photo().getAttribute("fetchpriority")]).toEqual(["eager", "high"]);
  });
});
