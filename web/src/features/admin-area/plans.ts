// The admin plans area: every plan (hidden and invite-only too), saved and deleted.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { planContracts, type CreatePlanBody, type UpdatePlanBody } from "@schema/api/plan";
import { call } from "../../lib/client";
import { useInvalidate } from "./admin-ui";

const plansKey = ["admin", "plans"] as const;

/** GET /plan/list: admins see hidden and invite-only plans too. */
export function useAdminPlansQuery() {
  return useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) => call(planContracts.list, { query: { page: 1, size: 100 }, signal }),
  });
}

export function useSavePlan() {
  const refresh = useInvalidate(plansKey);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreatePlanBody | UpdatePlanBody }) =>
      id === null
        ? call(planContracts.create, { body: body as CreatePlanBody })
        : call(planContracts.update, { params: { id }, body }),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ["plans"] });
    },
  });
}

export function useDeletePlan() {
  const refresh = useInvalidate(plansKey);
  return useMutation({
    mutationFn: (id: number) => call(planContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
