// The admin contact requests area: the table, one request, the reply, the state and the notes, and the home's count.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  contactRequestContracts,
  type ContactReplyBody,
  type ContactRequestListSort,
  type ContactRequestStaffView,
  type UpdateContactRequestBody,
} from "@schema/api/contact-request";
import type { ContactRequestKind, ContactRequestState } from "@schema/enums";
import { call } from "../../lib/client";
import { adminPageSize } from "./admin-ui";

export type ContactRequestFilters = {
  page: number;
  q: string;
  state: ContactRequestState | null;
  kind: ContactRequestKind | null;
  sort: ContactRequestListSort;
};

export const contactRequestKeys = {
  all: ["admin", "contact-requests"] as const,
  list: (filters: ContactRequestFilters) => ["admin", "contact-requests", "list", filters] as const,
  one: (id: number) => ["admin", "contact-requests", "one", id] as const,
  newCount: ["admin", "contact-requests", "new-count"] as const,
};

/** GET /contact-request/list: one page of the table (empty filters left out). */
export function useContactRequestsQuery(filters: ContactRequestFilters) {
  return useQuery({
    queryKey: contactRequestKeys.list(filters),
    queryFn: ({ signal }) =>
      call(contactRequestContracts.list, {
        query: {
          page: filters.page,
          size: adminPageSize,
          q: filters.q || undefined,
          state: filters.state ?? undefined,
          kind: filters.kind ?? undefined,
          sort: filters.sort === "-created" ? undefined : filters.sort,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /contact-request/{id}: the open request, fresh (another admin may have answered it). */
export function useContactRequestQuery(id: number | null, initial?: ContactRequestStaffView) {
  return useQuery({
    queryKey: contactRequestKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(contactRequestContracts.get, { params: { id: id! }, signal }),
    enabled: id !== null,
    placeholderData: initial,
  });
}

/** GET /contact-request/new-count: the admin home's figure. */
export function useNewContactRequestsQuery() {
  return useQuery({
    queryKey: contactRequestKeys.newCount,
    queryFn: ({ signal }) => call(contactRequestContracts.newCount, { signal }),
  });
}

/** After a change: the request as answered goes in its own cache, the lists and the count reload. */
function useSaved() {
  const queryClient = useQueryClient();
  return (saved: ContactRequestStaffView) => {
    queryClient.setQueryData(contactRequestKeys.one(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: contactRequestKeys.all });
  };
}

/** POST /contact-request/{id}/reply. */
export function useReplyToContactRequest() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactReplyBody }) =>
      call(contactRequestContracts.reply, { params: { id }, body }),
    onSuccess: saved,
  });
}

/** PATCH /contact-request/{id}: the state and/or the notes. */
export function useUpdateContactRequest() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateContactRequestBody }) =>
      call(contactRequestContracts.update, { params: { id }, body }),
    onSuccess: saved,
  });
}
