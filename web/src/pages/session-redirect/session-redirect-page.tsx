import { useQuery } from "@tanstack/react-query";
import { Navigate } from "react-router-dom";
import { demoSessionContracts } from "@schema/api/demo-session";
import { interviewContracts } from "@schema/api/interview";
import { lessonContracts } from "@schema/api/lesson";
import type { Role } from "@schema/enums";
import { ar } from "../../i18n/ar-EG";
import { call } from "../../lib/client";
import { useSession } from "../../lib/session";
import { LoadingScreen } from "../../ui/spinner";
import { nextSessionPath, noSessionPathFor, pendingDemo, pendingInterview } from "./next-session";

/** How many pending interviews or demo sessions are looked through (newest first; a tutor has one at a time). */
const appointmentsLooked = 100;

function useNextSessionPath(role: Role) {
  return useQuery({
    queryKey: ["session-redirect", role],
    queryFn: ({ signal }) =>
      nextSessionPath(
        role,
        {
          lessons: (when) =>
            call(lessonContracts.list, { query: { when, status: "ratified", size: 1 }, signal }),
          interviews: () =>
            call(interviewContracts.list, {
              query: { status: pendingInterview, size: appointmentsLooked },
              signal,
            }),
          demos: () =>
            call(demoSessionContracts.list, {
              query: { status: pendingDemo, size: appointmentsLooked },
              signal,
            }),
        },
        Date.now(),
      ),
    // Asked afresh on every visit: the next session changes with the clock.
    gcTime: 0,
    retry: false,
  });
}

/**
 * /session (docs/product.md §2): straight into the caller's next live session (the soonest lesson,
 * interview or demo session not yet ended), or the lessons list when there is none. A failed look
 * also ends on the list, which shows its own state. It replaces itself in the history.
 */
export function SessionRedirectPage() {
  const { user } = useSession();
  if (!user) return <LoadingScreen label={ar.shell.findingSession} />;
  return <NextSession role={user.role} />;
}

function NextSession({ role }: { role: Role }) {
  const next = useNextSessionPath(role);
  if (next.isPending) return <LoadingScreen label={ar.shell.findingSession} />;
  return <Navigate to={next.data ?? noSessionPathFor(role)} replace />;
}
