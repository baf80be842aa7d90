import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { openChannel } from "../../lib/realtime";
import { session, useSession } from "../../lib/session";
import { useRefreshInvoices } from "../invoices/use-invoices";

/** Query keys a TutorsCacheUpdated makes stale: the admin's tutor lists and pages, and the public list. */
export const tutorListKeys = [["admin", "tutors"], ["admin", "tutor-info"], ["tutors"]] as const;

/**
 * While the admin area is open, one staff-channel socket keeps its lists live: AdminInvoices (a
 * new withdrawal request or another admin's decision) refetches the invoices, TutorsCacheUpdated
 * (a tutor's profile, media, activation or free time changed) refetches the tutor lists.
 * Reopened when the token changes.
 */
export function useAdminListEvents() {
  const queryClient = useQueryClient();
  const refreshInvoices = useRefreshInvoices();
  const { token } = useSession();
  useEffect(() => {
    const live = session.liveToken();
    if (live === null) return;
    const channel = openChannel("admin-channel", "main", live);
    const off = channel.onEvent((event) => {
      if (event.type === "AdminInvoices") refreshInvoices();
      if (event.type === "TutorsCacheUpdated")
        for (const queryKey of tutorListKeys) void queryClient.invalidateQueries({ queryKey });
    });
    return () => {
      off();
      channel.close();
    };
  }, [token, refreshInvoices, queryClient]);
}
