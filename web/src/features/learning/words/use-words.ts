// «كلماتي»: the student's words (GET /words), the practice round (GET /words/practice) and the
// changes (learned, practice answers), through the contracts of schema/api/words.ts.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import { wordContracts, type WordState, type WordView } from "@schema/api/words";
import { call } from "../../../lib/client";

/** Words on one page of the list. */
export const wordsPageSize = 10;

export type WordFilters = { page: number; search: string; state: WordState };

export const wordKeys = {
  all: ["words"] as const,
  list: (filters: WordFilters) => ["words", "list", filters] as const,
  practice: ["words", "practice"] as const,
};

/** GET /words: one page, newest first. */
export function useWordsQuery(filters: WordFilters) {
  return useQuery({
    queryKey: wordKeys.list(filters),
    queryFn: ({ signal }) =>
      call(wordContracts.list, {
        query: {
          page: filters.page,
          size: wordsPageSize,
          search: filters.search || undefined,
          state: filters.state,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /words/practice: the due words (at most 20), how many are due, and when the next comes. */
export function usePracticeQuery() {
  return useQuery({
    queryKey: wordKeys.practice,
    queryFn: ({ signal }) => call(wordContracts.practice, { signal }),
  });
}

/** «اتعلمتها» on or off; the list and the practice round are read again afterwards. */
export function useLearnedToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, learned }: { id: number; learned: boolean }) =>
      call(learned ? wordContracts.markLearned : wordContracts.unmarkLearned, { params: { id } }),
    // The word's row shows its new state at once; the lists and the round are read again after.
    onSuccess: (progress) =>
      client.setQueriesData<Paged<WordView>>({ queryKey: ["words", "list"] }, (page) =>
        page
          ? {
              ...page,
              list: page.list.map((word) => (word.id === progress.id ? { ...word, ...progress } : word)),
            }
          : page,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: wordKeys.all }),
  });
}

/** One practice answer; the list is read again when the round ends (the practice screen asks for it). */
export function usePracticeAnswer() {
  return useMutation({
    mutationFn: ({ id, knew }: { id: number; knew: boolean }) =>
      call(wordContracts.answer, { params: { id }, body: { knew } }),
  });
}
