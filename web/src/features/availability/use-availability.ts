import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SlotAction, SlotActionsResult, SlotView } from "@schema/api/availability-slot";
import type { Paged } from "@schema/api/common";
import { api } from "../../lib/api";
import { weekRange, type PlainDay } from "./week";

const pageSize = 100;

export const availabilityKeys = {
  all: ["availability"] as const,
  week: (start: PlainDay) => ["availability", "week", start] as const,
};

/** GET /availability-slot/ — the caller's slots overlapping the week, every page. */
export function useWeekSlotsQuery(weekStart: PlainDay) {
  return useQuery({
    queryKey: availabilityKeys.week(weekStart),
    queryFn: async ({ signal }) => {
      const range = weekRange(weekStart);
      const slots: SlotView[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<Paged<SlotView>>("/availability-slot/", { query: { ...range, page, size: pageSize }, signal });
        slots.push(...answer.list);
        if (answer.list.length < pageSize || slots.length >= answer.total) return slots;
      }
    },
  });
}

/** POST /availability-slot/ — the pending changes as one batch, all or nothing. */
export function useSaveSlotsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actions: SlotAction[]) => api.post<SlotActionsResult>("/availability-slot/", { actions }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
