import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ServerEvent } from "@schema/events";
import { useUserChannelRefresh } from "../../lib/realtime";
import { topicKeys } from "../topics/use-topics";
import { currentUserKey, tutorMetaKey } from "../user/use-current-user";

/** What a TutorUpdated makes stale on the tutor's own screens: profile, meta, topics, onboarding, photo session, the lists. */
export const tutorUpdatedKeys = [
  currentUserKey,
  tutorMetaKey,
  topicKeys.mine,
  ["onboarding"],
  ["studio"],
  ["tutors"],
] as const;

const tutorUpdatedTypes: ReadonlySet<ServerEvent["type"]> = new Set(["TutorUpdated"]);

/**
 * While the app shell is mounted: TutorUpdated on the user channel (staff activated the tutor,
 * uploaded their media, or the tutor changed the profile on another device) refetches what shows it.
 */
export function useTutorUpdatedRefresh() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    for (const queryKey of tutorUpdatedKeys) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
  // After a reconnect only: these are read on every page load, and change rarely.
  useUserChannelRefresh(tutorUpdatedTypes, refresh, { opens: "reconnects" });
}
