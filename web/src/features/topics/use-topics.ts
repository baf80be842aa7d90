import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { topicContracts } from "@schema/api/topic";
import { call } from "../../lib/client";

export const topicKeys = {
  list: (search: string) => ["topics", "list", search] as const,
  mine: ["topics", "mine"] as const,
};

/** GET /topic/list — the first 100 topics matching the search. */
export function useTopicListQuery(search: string) {
  return useQuery({
    queryKey: topicKeys.list(search),
    queryFn: ({ signal }) =>
      call(topicContracts.list, { query: { search: search || undefined, size: 100 }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /topic/of/user — the caller's topics. */
export function useMyTopicsQuery() {
  return useQuery({
    queryKey: topicKeys.mine,
    queryFn: ({ signal }) => call(topicContracts.ofUser, { signal }),
  });
}

/** PATCH /topic/of/user — replaces the caller's whole set. */
export function useReplaceMyTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicIds: number[]) => call(topicContracts.setOfUser, { body: { topicIds } }),
    onSuccess: (topics) => queryClient.setQueryData(topicKeys.mine, topics),
  });
}
