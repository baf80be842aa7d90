import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "@schema/events";

type Listener = (event: ServerEvent) => void;
let userListener: Listener | null = null;
let adminListener: Listener | null = null;
const opened: string[] = [];
const closed = vi.fn();

vi.mock("../../web/src/lib/realtime", () => ({
  useUserChannelEvents: (listener: Listener) => {
    userListener = listener;
  },
  useUserChannelRefresh: (types: ReadonlySet<string>, refresh: () => void) => {
    userListener = (event) => void (types.has(event.type) && refresh());
  },
  openChannel: (party: string) => {
    opened.push(party);
    return {
      onEvent: (listener: Listener) => {
        adminListener = listener;
        return () => (adminListener = null);
      },
      close: closed,
    };
  },
}));
vi.mock("../../web/src/lib/session", () => ({
  session: { liveToken: () => "token" },
  useSession: () => ({ token: "token" }),
}));

const { useTutorUpdatedRefresh, tutorUpdatedKeys } =
  await import("../../web/src/features/tutor-profile/use-tutor-updated");
const { useAdminListEvents, tutorListKeys } =
  await import("../../web/src/features/admin/use-admin-list-events");

function withClient(Hook: () => void) {
  const client = new QueryClient();
  const spy = vi.spyOn(client, "invalidateQueries");
  function Probe() {
    Hook();
    return null;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { spy, view, keys: () => spy.mock.calls.map(([filters]) => filters?.queryKey) };
}

afterEach(() => {
  cleanup();
  opened.length = 0;
  closed.mockReset();
});

describe("TutorUpdated on the tutor's user channel", () => {
  it("refetches the tutor's profile, meta, topics, onboarding and the lists, and ignores other events", () => {
    const { keys, spy } = withClient(useTutorUpdatedRefresh);
    userListener!({ type: "LessonBooked", payload: { lessonId: 1 } });
    expect(spy).not.toHaveBeenCalled();
    userListener!({ type: "TutorUpdated", payload: { tutorId: 3 } });
    expect(keys()).toEqual([...tutorUpdatedKeys]);
    expect(keys()).toEqual([
      ["user", "current"],
      ["user", "tutor", "meta"],
      ["topics", "mine"],
      ["onboarding"],
      ["studio"],
      ["tutors"],
    ]);
  });
});

describe("the admin area's staff channel", () => {
  it("opens one socket, refetches the tutor lists on TutorsCacheUpdated and the invoices on AdminInvoices, and closes on leave", () => {
    const { keys, spy, view } = withClient(useAdminListEvents);
    expect(opened).toEqual(["admin-channel"]);
    adminListener!({ type: "TutorsCacheUpdated", payload: {} });
    expect(keys()).toEqual([...tutorListKeys]);
    spy.mockClear();
    adminListener!({ type: "AdminInvoices", payload: { invoiceId: 4 } });
    expect(keys()).toEqual([["invoices"]]);
    view.unmount();
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
