import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Paged } from "../../schema/api/common";
import type { InvoiceView } from "../../schema/api/invoice";
import { InvoiceStatus } from "../../schema/enums";
import { admin, changeInvoice, pendingInvoice, tutorWithEarnings } from "./factories-invoices";
import { call } from "./helpers";

const list = (token: string, query: string) => call("GET", `/api/v1/invoice?${query}`, { token });
const ids = (response: { body: unknown }) =>
  (response.body as Paged<InvoiceView>).list.map((invoice) => invoice.id);

/** A tutor with earnings, named `name` (the factories name every tutor alike). */
async function namedTutor(name: string) {
  const tutor = await tutorWithEarnings(100_000);
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(name, tutor.id).run();
  return tutor;
}

describe("GET /invoice for the staff withdrawals table", () => {
  it("searches the tutor's name or email as the admin types (q), any case, with the total of what matches", async () => {
    const staff = await admin();
    const tag = `wd${Date.now().toString(36)}`;
    const sara = await namedTutor(`${tag} سارة`);
    const omar = await namedTutor(`${tag} عمر`);
    const [a, b] = [await pendingInvoice(sara, 10_000), await pendingInvoice(omar, 20_000)];
    const byTag = await list(staff.token, `q=${tag}`);
    expect(byTag.status).toBe(200);
    expect(ids(byTag)).toEqual([b, a]);
    expect((byTag.body as Paged<InvoiceView>).total).toBe(2);
    expect(ids(await list(staff.token, `q=${encodeURIComponent(`${tag} سارة`)}`))).toEqual([a]);
    expect(ids(await list(staff.token, `q=${omar.email.slice(0, 12).toUpperCase()}`))).toEqual([b]);
    expect(await list(staff.token, "q=%25%25nobody")).toMatchObject({ body: { list: [], total: 0 } });
  });

  it("sorts by amount, tutor, status or date, either way", async () => {
    const staff = await admin();
    const tag = `ws${Date.now().toString(36)}`;
    const [zeinab, ahmed, tamer] = [
      await namedTutor(`${tag} زينب`),
      await namedTutor(`${tag} أحمد`),
      await namedTutor(`${tag} تامر`),
    ];
    const small = await pendingInvoice(zeinab, 10_000);
    const large = await pendingInvoice(ahmed, 30_000);
    const middle = await pendingInvoice(tamer, 20_000);
    expect((await changeInvoice(staff, large, { action: "reject", note: "بيانات غير صحيحة" })).status).toBe(
      200,
    );
    const sorted = async (sort: string) => ids(await list(staff.token, `q=${tag}&sort=${sort}`));
    expect(await sorted("amount")).toEqual([small, middle, large]);
    expect(await sorted("-amount")).toEqual([large, middle, small]);
    expect(await sorted("tutor")).toEqual([large, middle, small]); // أحمد، تامر، زينب
    expect(await sorted("-tutor")).toEqual([small, middle, large]);
    expect(await sorted("created")).toEqual([small, large, middle]);
    expect(await sorted("-created")).toEqual([middle, large, small]);
    // Pending approval (0) before rejected (4); newest first within a status.
    expect(await sorted("status")).toEqual([middle, small, large]);
    expect(await sorted("-status")).toEqual([large, middle, small]);
    expect(InvoiceStatus.Rejected).toBeGreaterThan(InvoiceStatus.PendingApproval);
  });

  it("keeps a tutor's search to their own requests", async () => {
    const tag = `wo${Date.now().toString(36)}`;
    const mine = await namedTutor(`${tag} مدرّس`);
    const other = await namedTutor(`${tag} آخر`);
    const own = await pendingInvoice(mine, 10_000);
    await pendingInvoice(other, 10_000);
    expect(ids(await list(mine.token, `q=${tag}`))).toEqual([own]);
  });

  it("refuses an unknown sort with bad-request", async () => {
    const staff = await admin();
    const response = await list(staff.token, "sort=receipt");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad-request");
  });
});
