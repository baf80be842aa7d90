// Reviews after they are written (docs/rules.md, Reviews): the demo tutor replies to a rating from
// «تقييماتي» and the reply shows on the public page; a signed-in user flags the rating; an admin
// finds it on /admin/ratings and hides it with a note; the public page then shows neither the
// rating nor its average. Axe at 1280 and 360 px. The rating is the demo student's of the demo
// tutor (they have past lessons, emulators/seed-earnings.ts), deleted again at the end.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TutorRating } from "../../schema/api/rating";
import { ar, errorMessages } from "../../web/src/i18n/ar-EG-all";
import { formatNumber } from "../../web/src/lib/format";
import { api } from "./api";
import { DEMO_PASSWORD, expectNoAxeViolations, field, launch, newPage, screenshot, signIn } from "./browser";

const r = ar.reviews;
const profile = ar.marketplace.profile;
const cards = ar.marketplace.tutors;

type Auth = { token: string; user: { id: number; name: string | null } };

let browser: Browser;
let student: Auth;
let tutor: Auth;
let ratingId = 0;
const stamp = Date.now().toString(36);
const ratingText = `الشرح كان سريع شوية ${stamp}`;

const signInApi = async (email: string) =>
  (await api<Auth>("POST", "/auth/password", { email, password: DEMO_PASSWORD })).body;

/** The header's rating line as the tutor page writes it (web/src/features/tutors/tutor-card.tsx). */
function ratingLine(rating: TutorRating): string {
  if (rating.average === null || rating.count === 0) return cards.noRating;
  return cards.ratingOf(formatNumber(Math.round(rating.average * 10) / 10), rating.count);
}
const tutorRating = async () =>
  (await api<{ rating: TutorRating }>("GET", `/user/tutor/info/${tutor.user.id}`)).body.rating;

async function openReviews(page: Page) {
  await page.goto(`/t/${tutor.user.id}`);
  await page.getByRole("tab", { name: profile.reviewsTab }).click();
}

beforeAll(async () => {
  browser = await launch();
  student = await signInApi("student@dars.test");
  tutor = await signInApi("tutor@dars.test");
  // A fresh rating: one left by an earlier run (with its flags, reply or hidden state) goes first.
  const mine = await api<{ list: { id: number; rateeId: number }[] }>(
    "GET",
    `/rating/list/rater/${student.user.id}?size=100`,
  );
  for (const old of mine.body.list.filter((rating) => rating.rateeId === tutor.user.id))
    expect((await api("DELETE", `/rating/${old.id}`, undefined, student.token)).status).toBe(204);
  const created = await api<{ id: number }>(
    "POST",
    "/rating/",
    { rateeId: tutor.user.id, value: 2, text: ratingText },
    student.token,
  );
  expect(created.status).toBe(201);
  ratingId = created.body.id;
});

afterAll(async () => {
  if (ratingId) await api("DELETE", `/rating/${ratingId}`, undefined, student.token);
  await browser?.close();
});

describe("reviews: replies, flags and hiding", () => {
  it("the tutor replies from «تقييماتي» and the reply shows under the rating on the public page", async () => {
    const page = await newPage(browser);
    await signIn(page, "tutor@dars.test", "/t/dashboard");
    const section = page.locator("[data-my-reviews]");
    await section.getByRole("heading", { name: r.mine.title }).waitFor();
    const item = section.locator(`[data-my-review="${ratingId}"]`);
    await item.getByText(ratingText).waitFor();
    const reply = `شكرًا على ملاحظتك، هنمشي أبطأ الحصة الجاية ${stamp}`;
    await field(item, r.mine.replyLabel).fill(reply);
    await expectNoAxeViolations(page, "/t/dashboard with «تقييماتي»");
    await item.getByRole("button", { name: r.mine.send }).click();
    await item.locator("[data-review-reply]").getByText(reply).waitFor();
    // Within the 24 hours the reply can still be edited.
    await item.getByRole("button", { name: r.mine.save }).waitFor();
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, "tutor-my-reviews-1280");
    await page.context().close();

    const visitor = await newPage(browser, { width: 360, height: 800 });
    await openReviews(visitor);
    const review = visitor.locator(`[data-review="${ratingId}"]`);
    await review.getByText(ratingText).waitFor();
    const shown = review.locator("[data-review-reply]");
    await shown.getByText(r.reply.heading).waitFor();
    await shown.getByText(reply).waitFor();
    await expectNoAxeViolations(visitor, "/t/{id} reviews with a reply (360)");
    await screenshot(visitor, "tutor-reviews-reply-360");
    await visitor.context().close();
  });

  it("a signed-in user flags the rating, an admin hides it with a note, and the public page drops it and its average", async () => {
    // A new student, signed in on a phone, flags the rating.
    const email = `e2e-flag-${stamp}@example.com`;
    expect(
      (await api("POST", "/user/", { email, password: DEMO_PASSWORD, role: 4, name: "قارئة التقييمات" }))
        .status,
    ).toBe(201);
    const reader = await newPage(browser, { width: 360, height: 800 });
    await signIn(reader, email, `/t/${tutor.user.id}`);
    await reader.getByRole("tab", { name: profile.reviewsTab }).click();
    const review = reader.locator(`[data-review="${ratingId}"]`);
    await review.getByText(ratingText).waitFor();
    await review
      .getByRole("button", { name: `${r.flag.open} ${r.flag.of(student.user.name ?? "")}` })
      .click();
    const dialog = reader.getByRole("dialog", { name: r.flag.title });
    await dialog.waitFor();
    await dialog.getByRole("radio", { name: r.flag.reasons["no-lesson"] }).check();
    await field(dialog, r.flag.textLabel).fill("الطالبة دي ماخدتش حصص معاه على حد علمي");
    await expectNoAxeViolations(reader, "/t/{id} flag dialog (360)");
    await screenshot(reader, "rating-flag-dialog-360");
    await dialog.getByRole("button", { name: r.flag.send }).click();
    await review.getByText(r.flag.already).waitFor();
    // A second flag by the same person is refused with the catalogue's message.
    await reader.reload();
    await reader.getByRole("tab", { name: profile.reviewsTab }).click();
    await review
      .getByRole("button", { name: `${r.flag.open} ${r.flag.of(student.user.name ?? "")}` })
      .click();
    await dialog.getByRole("button", { name: r.flag.send }).click();
    await dialog.getByText(errorMessages["rating-flag-exists"]).waitFor();
    await reader.context().close();

    const before = await tutorRating();

    // The admin finds it on /admin/ratings and hides it with a note.
    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin
      .getByRole("navigation", { name: ar.admin.navLabel })
      .getByRole("link", { name: r.admin.nav, exact: true })
      .click();
    await admin.waitForURL(/\/admin\/ratings$/);
    await admin.getByRole("heading", { level: 1, name: r.admin.title }).waitFor();
    await field(admin, r.admin.searchLabel).fill(stamp);
    const row = admin.locator(`[data-rating-row="${ratingId}"]`);
    await row.getByText(r.flag.reasons["no-lesson"]).waitFor();
    await expect.poll(() => admin.locator("[data-rating-row]").count()).toBe(1);
    expect(await row.getByText(r.admin.states.flagged).count()).toBe(1);
    await expectNoAxeViolations(admin, "/admin/ratings");
    await screenshot(admin, "admin-ratings-1280");

    await row
      .getByRole("button", { name: `${ratingText} ${r.admin.number(formatNumber(ratingId))}` })
      .click();
    const detail = admin.getByRole("dialog", { name: r.admin.detailTitle(formatNumber(ratingId)) });
    await detail.getByText("الطالبة دي ماخدتش حصص معاه على حد علمي").waitFor();
    await detail.getByRole("button", { name: r.admin.hide }).click();
    await detail.getByText(errorMessages["empty-rating-note"]).waitFor();
    await field(detail, r.admin.noteLabel).fill("راجعنا الحصص، والتقييم مش عن حصة حقيقية");
    await expectNoAxeViolations(admin, "/admin/ratings (rating dialog)");
    await screenshot(admin, "admin-rating-dialog-1280");
    await detail.getByRole("button", { name: r.admin.hide }).click();
    await detail.waitFor({ state: "hidden" });
    await row.getByText(r.admin.states.hidden).waitFor();
    await admin.context().close();

    // The same table on a phone.
    const phone = await newPage(browser, { width: 360, height: 800 });
    await signIn(phone, "admin@dars.test", "/admin/ratings");
    await phone.locator(`[data-rating-row="${ratingId}"]`).waitFor();
    await expectNoAxeViolations(phone, "/admin/ratings (360)");
    await screenshot(phone, "admin-ratings-360");
    await phone.context().close();

    // The public page at once: no rating, and the average without it.
    const after = await tutorRating();
    expect(after.count).toBe(before.count - 1);
    expect(ratingLine(after)).not.toBe(ratingLine(before));
    const visitor = await newPage(browser);
    await visitor.goto(`/t/${tutor.user.id}`);
    await visitor.getByText(ratingLine(after), { exact: false }).first().waitFor();
    expect(await visitor.getByText(ratingLine(before)).count()).toBe(0);
    await visitor.getByRole("tab", { name: profile.reviewsTab }).click();
    await visitor.getByRole("tabpanel").waitFor();
    await expect.poll(() => visitor.getByText(ratingText).count()).toBe(0);
    await expectNoAxeViolations(visitor, "/t/{id} after hiding (1280)");
    await screenshot(visitor, "tutor-reviews-after-hide-1280");
    await visitor.context().close();
  });
});
