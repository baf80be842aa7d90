import { idParam } from "../../schema/api/common";
import { couponCodeParam, couponListQuery, createCouponBody, updateCouponBody } from "../../schema/api/coupon";
import { Role } from "../../schema/enums";
import { createCoupon, deleteCoupon, findCoupon, listCoupons, toCouponView, updateCoupon, usableCoupon } from "../domain/coupons";
import { auditActorOf } from "../domain/audit";
import { route } from "../http/route";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const couponRoutes = [
  route({
    method: "post",
    path: "/coupon",
    access: admins,
    summary: "Create a coupon: code, discount (basis points), expiry, optional maximum uses.",
    body: createCouponBody,
    status: 201,
    handle: async ({ c, body, user }) => toCouponView(await createCoupon(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id))),
  }),
  route({
    method: "get",
    path: "/coupon/list",
    access: admins,
    summary: "Coupons, newest first unless sorted (code, discount, expires, uses, created; \"-\" for descending); q finds part of the code; paged.",
    query: couponListQuery,
    handle: ({ c, query }) => listCoupons(c.get("db"), query),
  }),
  route({
    method: "get",
    path: "/coupon/code/:code",
    access: "signed-in",
    summary: "Check a coupon code at checkout: usable now, or coupon-not-found / the coupon codes.",
    params: couponCodeParam,
    handle: async ({ c, params }) => toCouponView(await usableCoupon(c.get("db"), params.code)),
  }),
  route({
    method: "get",
    path: "/coupon/:id",
    access: admins,
    summary: "A coupon.",
    params: idParam,
    handle: async ({ c, params }) => toCouponView(await findCoupon(c.get("db"), params.id)),
  }),
  route({
    method: "put",
    path: "/coupon/:id",
    access: admins,
    summary: "Update a coupon.",
    params: idParam,
    body: updateCouponBody,
    handle: async ({ c, params, body, user }) => toCouponView(await updateCoupon(c.get("db"), params.id, body, new Date(), auditActorOf(c, user.id))),
  }),
  route({
    method: "delete",
    path: "/coupon/:id",
    access: admins,
    summary: "Delete a coupon (soft).",
    params: idParam,
    status: 204,
    handle: ({ c, params, user }) => deleteCoupon(c.get("db"), params.id, new Date(), auditActorOf(c, user.id)),
  }),
];
