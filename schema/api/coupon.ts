import { z } from "zod";
import { couponCodeRule, couponDiscountRule, couponExpiryRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

const maxUses = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request").nullable();

export const createCouponBody = z.object({
  code: couponCodeRule,
  discount: couponDiscountRule,
  expiresAt: couponExpiryRule,
  maxUses: maxUses.optional(),
});
export type CreateCouponBody = z.infer<typeof createCouponBody>;
export const updateCouponBody = createCouponBody.partial();
export type UpdateCouponBody = z.infer<typeof updateCouponBody>;
export const couponCodeParam = z.object({ code: couponCodeRule });

/** The admin coupons table's sortable columns, each ascending or (with "-") descending. */
export const couponListSorts = [
  "created",
  "-created",
  "code",
  "-code",
  "discount",
  "-discount",
  "expires",
  "-expires",
  "uses",
  "-uses",
] as const;
export type CouponListSort = (typeof couponListSorts)[number];

/** GET /coupon/list (admins) — coupons, newest first by default; q: part of the code (search as you type). */
export const couponListQuery = pageQuery.extend({
  q: z.string({ error: "bad-request" }).trim().max(50, "bad-request").optional(),
  sort: z.enum(couponListSorts, { error: "bad-request" }).default("-created"),
});
export type CouponListQuery = z.infer<typeof couponListQuery>;

export const couponView = z.object({
  id: z.number(),
  code: z.string(),
  discount: z.number(),
  expiresAt: z.string(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  createdAt: z.string(),
});
export type CouponView = z.output<typeof couponView>;

/** The coupon endpoints (worker/routes/coupon.ts). */
export const couponContracts = {
  create: contract({
    method: "post",
    path: "/coupon",
    body: createCouponBody,
    status: 201,
    response: couponView,
  }),
  list: contract({
    method: "get",
    path: "/coupon/list",
    query: couponListQuery,
    response: paged(couponView),
  }),
  byCode: contract({
    method: "get",
    path: "/coupon/code/:code",
    params: couponCodeParam,
    response: couponView,
  }),
  get: contract({ method: "get", path: "/coupon/:id", params: idParam, response: couponView }),
  update: contract({
    method: "put",
    path: "/coupon/:id",
    body: updateCouponBody,
    params: idParam,
    response: couponView,
  }),
  remove: contract({
    method: "delete",
    path: "/coupon/:id",
    params: idParam,
    status: 204,
    response: "empty",
  }),
};
