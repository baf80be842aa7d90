import { z } from "zod";
import { couponCodeRule, couponDiscountRule, couponExpiryRule } from "../rules";

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

export type CouponView = {
  id: number;
  code: string;
  discount: number;
  expiresAt: string;
  maxUses: number | null;
  uses: number;
  createdAt: string;
};
