import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { availabilitySlotContracts, type SlotAction, type SlotView } from "@schema/api/availability-slot";
import { weekRange, type PlainDay } from "./week";
import { call } from "../../lib/client";

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
        const answer = await call(availabilitySlotContracts.list, {
          query: { ...range, page, size: pageSize },
          signal,
        });
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
    mutationFn: (actions: SlotAction[]) => call(availabilitySlotContracts.apply, { body: { actions } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
