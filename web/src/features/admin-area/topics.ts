// The admin topics area: the topics list, searched and paged, saved and deleted.
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { topicContracts, type TopicBody } from "@schema/api/topic";
import { call } from "../../lib/client";
import { adminPageSize, useInvalidate } from "./admin-ui";

export function useAdminTopicsQuery(search: string, page: number) {
  return useQuery({
    queryKey: ["admin", "topics", search, page] as const,
    queryFn: ({ signal }) =>
      call(topicContracts.list, {
        query: { search: search.trim() || undefined, page, size: adminPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveTopic() {
  const refresh = useInvalidate(["admin", "topics"]);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TopicBody }) =>
      id === null
        ? call(topicContracts.create, { body })
        : call(topicContracts.update, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteTopic() {
  const refresh = useInvalidate(["admin", "topics"]);
  return useMutation({
    mutationFn: (id: number) => call(topicContracts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
