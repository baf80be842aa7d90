import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerEvent } from "@schema/events";
import { useLessonEventsRefresh } from "../../web/src/features/lessons/use-lesson-events";
import { lessonKeys } from "../../web/src/features/lessons/lesson-keys";
import { createUserChannel, useUserChannelRefresh } from "../../web/src/lib/realtime";

afterEach(cleanup);

/** A user channel whose socket is driven by the test: open, event. */
function drivenChannel() {
  const channel = createUserChannel();
  let open: (reopened: boolean) => void = () => undefined;
  let event: (event: ServerEvent) => void = () => undefined;
  channel.connect = () => undefined;
  const subscribe = channel.subscribe;
  const onOpen = channel.onOpen;
  channel.subscribe = (listener) => {
    event = listener;
    return subscribe(listener);
  };
  channel.onOpen = (listener) => {
    open = listener;
    return onOpen(listener);
  };
  return { channel, open: (reopened: boolean) => open(reopened), event: (e: ServerEvent) => event(e) };
}

function mount(channel: ReturnType<typeof createUserChannel>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let reads = 0;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useLessonEventsRefresh(channel);
      return useQuery({ queryKey: lessonKeys.week("a", "b"), queryFn: async () => ++reads });
    },
    { wrapper },
  );
  return { hook, reads: () => reads };
}

describe("data on screen follows the user channel: its events and its opens (useUserChannelRefresh)", () => {
  it("reads the lessons on screen again when the socket first opens and after every reconnect", async () => {
    const driven = drivenChannel();
    const { hook, reads } = mount(driven.channel);
    await waitFor(() => expect(hook.result.current.data).toBe(1));
    // A lesson booked before the socket was open sends no event to it: the open itself refreshes.
    act(() => driven.open(false));
    await waitFor(() => expect(hook.result.current.data).toBe(2));
    act(() => driven.open(true));
    await waitFor(() => expect(hook.result.current.data).toBe(3));
    expect(reads()).toBe(3);
  });

  it("reads them again on a lesson event, and not on another event", async () => {
    const driven = drivenChannel();
    const { hook, reads } = mount(driven.channel);
    await waitFor(() => expect(hook.result.current.data).toBe(1));
    act(() =>
      driven.event({ type: "UserStatusChanged", payload: { userId: 8, online: true } } as ServerEvent),
    );
    act(() => driven.event({ type: "LessonBooked", payload: {} } as unknown as ServerEvent));
    await waitFor(() => expect(hook.result.current.data).toBe(2));
    expect(reads()).toBe(2);
  });

  it('with opens: "reconnects", refreshes after a dropped connection but not on the first open', () => {
    const driven = drivenChannel();
    let refreshes = 0;
    const types = new Set<ServerEvent["type"]>(["TutorUpdated"]);
    renderHook(() =>
      useUserChannelRefresh(types, () => refreshes++, { opens: "reconnects", channel: driven.channel }),
    );
    driven.open(false);
    expect(refreshes).toBe(0);
    driven.open(true);
    expect(refreshes).toBe(1);
    driven.event({ type: "TutorUpdated", payload: { tutorId: 1 } } as ServerEvent);
    expect(refreshes).toBe(2);
  });
});
