import { useQuery } from "@tanstack/react-query";
import { progressContracts } from "@schema/api/progress";
import { call } from "../../../lib/client";
import { levelKeys } from "../level/use-level";

/** GET /progress: the student's own figures, weeks and level history. */
export function useProgressQuery() {
  return useQuery({
    queryKey: levelKeys.progress,
    queryFn: ({ signal }) => call(progressContracts.get, { signal }),
  });
}
