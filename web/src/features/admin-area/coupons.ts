// The admin coupons area: the coupons table, saved and deleted.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
  couponContracts,
  type CouponListSort,
  type CreateCouponBody,
  type UpdateCouponBody,
} from "@schema/api/coupon";
import { call } from "../../lib/client";
import { adminPageSize, useInvalidate } from "./admin-ui";

export type CouponFilters = { page: number; q: string; sort: CouponListSort };

/** GET /coupon/list: one page of the coupons table, searched by code and in the table's order. */
export function useCouponsQuery(filters: CouponFilters) {
  return useQuery({
    queryKey: ["admin", "coupons", filters] as const,
    queryFn: ({ signal }) =>
      call(couponContracts.list, {
        query: { page: filters.page, size: adminPageSize, q: filters.q || undefined, sort: filters.sort },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCoupon() {
  const refresh = useInvalidate(["admin", "coupons"]);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateCouponBody | UpdateCouponBody }) =>
      id === null
        ? call(couponContracts.create, { body: body as CreateCouponBody })
        : call(couponContracts.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteCoupon() {
  const refresh = useInvalidate(["admin", "coupons"]);
  return useMutation({
    mutationFn: (id: number) => call(couponContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
