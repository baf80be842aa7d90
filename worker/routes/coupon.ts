import { couponContracts } from "../../schema/api/coupon";
import { Role } from "../../schema/enums";
import {
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  toCouponView,
  updateCoupon,
  usableCoupon,
} from "../domain/payments/coupons";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const couponRoutes = [
  route(couponContracts.create, {
    access: admins,
    summary: "Create a coupon: code, discount (basis points), expiry, optional maximum uses.",
    handle: async ({ c, body, user }) =>
      toCouponView(await createCoupon(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id))),
  }),
  route(couponContracts.list, {
    access: admins,
    summary:
      'Coupons, newest first unless sorted (code, discount, expires, uses, created; "-" for descending); q finds part of the code; paged.',
    handle: ({ c, query }) => listCoupons(c.get("db"), query),
  }),
  route(couponContracts.byCode, {
    access: "signed-in",
    summary: "Check a coupon code at checkout: usable now, or coupon-not-found / the coupon codes.",
    handle: async ({ c, params }) => toCouponView(await usableCoupon(c.get("db"), params.code)),
  }),
  route(couponContracts.get, {
    access: admins,
    summary: "A coupon.",
    handle: async ({ c, params }) => toCouponView(await findCoupon(c.get("db"), params.id)),
  }),
  route(couponContracts.update, {
    access: admins,
    summary: "Update a coupon.",
    handle: async ({ c, params, body, user }) =>
      toCouponView(await updateCoupon(c.get("db"), params.id, body, new Date(), auditActorOf(c, user.id))),
  }),
  route(couponContracts.remove, {
    access: admins,
    summary: "Delete a coupon (soft).",
    handle: ({ c, params, user }) =>
      deleteCoupon(c.get("db"), params.id, new Date(), auditActorOf(c, user.id)),
  }),
];
