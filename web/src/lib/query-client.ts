import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-error";

/** docs/product.md §7: queries retry once and do not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry, and none for answers that will not change (4xx).
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
