import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import type { TopicView } from "@schema/api/topic";
import { api } from "../../lib/api";

export const topicKeys = {
  list: (search: string) => ["topics", "list", search] as const,
  mine: ["topics", "mine"] as const,
};

/** GET /topic/list — the first 100 topics matching the search. */
export function useTopicListQuery(search: string) {
  return useQuery({
    queryKey: topicKeys.list(search),
    queryFn: ({ signal }) => api.get<Paged<TopicView>>("/topic/list", { query: { search: search || undefined, size: 100 }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /topic/of/user — the caller's topics. */
export function useMyTopicsQuery() {
  return useQuery({ queryKey: topicKeys.mine, queryFn: ({ signal }) => api.get<TopicView[]>("/topic/of/user", { signal }) });
}

/** PATCH /topic/of/user — replaces the caller's whole set. */
export function useReplaceMyTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicIds: number[]) => api.patch<TopicView[]>("/topic/of/user", { topicIds }),
    onSuccess: (topics) => queryClient.setQueryData(topicKeys.mine, topics),
  });
}
