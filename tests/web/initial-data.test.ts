import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { seedInitialData } from "../../web/src/features/tutors/initial-data";
import { tutorKeys } from "../../web/src/features/tutors/use-tutors";
import { filtersFromParams } from "../../web/src/pages/tutors/tutors-page";

const card = {
  id: 7,
  name: "سارة",
  image: "/api/v1/assets/uploads/a.png",
  gender: "female",
  bio: "مدرسة محادثة",
  video: null,
  thumbnail: null,
  topics: [],
  rating: { average: 4.5, count: 2 },
  lessonsTaught: 3,
  nextFreeAt: null,
};

function pageWith(json: string): Document {
  document.head.innerHTML = `<script type="application/json" id="initial-data">${json}</script>`;
  return document;
}

describe("the data the Worker inlines in /tutors and /t/{id}", () => {
  it("starts the tutor list's query of an unfiltered /tutors from the inlined page, once", () => {
    const client = new QueryClient();
    seedInitialData(
      client,
      pageWith(JSON.stringify({ tutors: { page: 1, data: { list: [card], total: 1 } } })),
    );
    // The key the list page asks with for /tutors (no filters in the URL).
    const { filters, page } = filtersFromParams(new URLSearchParams(""));
    expect(client.getQueryData(tutorKeys.list(filters, page))).toEqual({ list: [card], total: 1 });
    expect(document.getElementById("initial-data")).toBeNull();
    // A filtered list is not answered from it.
    expect(
      client.getQueryData(tutorKeys.list(filtersFromParams(new URLSearchParams("gender=male")).filters, 1)),
    ).toBeUndefined();
  });

  it("starts a tutor's profile query from the inlined profile", () => {
    const client = new QueryClient();
    const info = { ...card, about: "نبذة", notice: 60 };
    seedInitialData(client, pageWith(JSON.stringify({ tutor: { id: 7, info } }).replace(/</g, "\\u003c")));
    expect(client.getQueryData(tutorKeys.info(7))).toEqual(info);
    expect(client.getQueryData(tutorKeys.info(8))).toBeUndefined();
  });

  it("ignores a page without inlined data or with broken data", () => {
    const client = new QueryClient();
    document.head.innerHTML = "";
    seedInitialData(client, document);
    seedInitialData(client, pageWith("{not json"));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
