import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { chatContracts, type RoomPreferencesBody, type RoomView } from "@schema/api/chat";
import type { Paged } from "@schema/api/common";
import type { ChatMessage, ServerEvent } from "@schema/events";
import { htmlToText } from "@schema/html";
import { errorMessage } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import {
  AckTimeoutError,
  openChannel,
  userChannel,
  type AckPayload,
  type OutgoingFrame,
  type RealtimeChannel,
} from "../../lib/realtime";
import { session, useIsSignedIn, useSession } from "../../lib/session";
import { toasts } from "../../ui/toast-store";
import { chatRoles } from "./chat-roles";
import { emptyThread, threadActionOf, threadReducer, type Thread, type ThreadAction } from "./thread";
import { call } from "../../lib/client";
import { chatKeys } from "./chat-keys";

/** Rooms are fetched in pages of the largest size (one room per partner: usually one page). */
const roomsPageSize = 100;
export const messagesPageSize = 30;
const previewLength = 120;

/** Pinned rooms first, then the latest message (or creation) first — as the API orders them. */
export function sortRooms(rooms: readonly RoomView[]): RoomView[] {
  const latest = (room: RoomView) => Date.parse(room.lastMessage?.at ?? room.createdAt);
  return [...rooms].sort((a, b) => Number(b.pinned) - Number(a.pinned) || latest(b) - latest(a));
}

/** The other member of a one-to-one room. */
export function partnerOf(room: RoomView, userId: number) {
  return room.members.find((member) => member.id !== userId) ?? room.members[0] ?? null;
}

/** Unread messages across rooms that are not muted (the navigation badge). */
export function totalUnread(rooms: readonly RoomView[]): number {
  return rooms.reduce((sum, room) => sum + (room.muted ? 0 : room.unreadCount), 0);
}

/**
 * Every room of the user, page after page of GET /chat/list/rooms/{userId}/ (one page for nearly
 * everyone), so the header's unread total is exact from the first load.
 */
export async function fetchAllRooms(
  fetchPage: (page: number) => Promise<Paged<RoomView>>,
): Promise<Paged<RoomView>> {
  const first = await fetchPage(1);
  const list = [...first.list];
  for (let page = 2; list.length < first.total; page++) {
    const next = await fetchPage(page);
    if (next.list.length === 0) break;
    list.push(...next.list);
  }
  return { list, total: first.total };
}

/** GET /chat/list/rooms/{userId}/ (all pages). */
export function useRoomsQuery() {
  const { user } = useSession();
  const signedIn = useIsSignedIn();
  const userId = user?.id ?? 0;
  return useQuery({
    queryKey: chatKeys.rooms(userId),
    queryFn: ({ signal }) =>
      fetchAllRooms((page) =>
        call(chatContracts.rooms, { params: { id: userId }, query: { page, size: roomsPageSize }, signal }),
      ),
    enabled: signedIn && user !== null && chatRoles.includes(user.role),
    select: (page) => sortRooms(page.list),
  });
}

/** GET /chat/list/{roomId}/messages, first page, kept as a Thread that socket events update. */
export function useThreadQuery(roomId: number | null) {
  return useQuery({
    queryKey: chatKeys.thread(roomId ?? 0),
    queryFn: async ({ signal }) => {
      const page = await call(chatContracts.messages, {
        params: { id: roomId! },
        query: { page: 1, size: messagesPageSize },
        signal,
      });
      return threadReducer(emptyThread(roomId!), {
        type: "page",
        list: page.list,
        hasOlder: page.total > page.list.length,
      });
    },
    enabled: roomId !== null,
    // Kept current by the sockets; refetching would throw away a caught-up state for an older one.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Older pages of a thread, merged into it. */
export function useLoadOlder(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const thread = queryClient.getQueryData<Thread>(chatKeys.thread(roomId));
      const loaded = thread?.messages.length ?? 0;
      const page = Math.floor(loaded / messagesPageSize) + 1;
      return call(chatContracts.messages, {
        params: { id: roomId! },
        query: { page, size: messagesPageSize },
      });
    },
    onSuccess: (page) => {
      applyThreadAction(queryClient, roomId, { type: "page", list: page.list, hasOlder: false });
      const thread = queryClient.getQueryData<Thread>(chatKeys.thread(roomId));
      if (thread)
        queryClient.setQueryData<Thread>(chatKeys.thread(roomId), {
          ...thread,
          hasOlder: thread.messages.length < page.total,
        });
    },
  });
}

/** PUT /chat/room/{roomId}: the caller's pin and mute flags. */
export function useRoomPreferences() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? 0;
  return useMutation({
    mutationFn: ({ roomId, body }: { roomId: number; body: RoomPreferencesBody }) =>
      call(chatContracts.preferences, { params: { id: roomId }, body }),
    onSuccess: ({ roomId, pinned, muted }) => {
      updateRooms(queryClient, userId, (rooms) =>
        rooms.map((room) => (room.id === roomId ? { ...room, pinned, muted } : room)),
      );
    },
    onError: (error) =>
      toasts.show({
        id: "chat-preferences",
        type: "error",
        title: arLive.chat.preferencesFailed,
        description: errorMessage((error as { code?: string }).code),
      }),
  });
}

function updateRooms(queryClient: QueryClient, userId: number, change: (rooms: RoomView[]) => RoomView[]) {
  queryClient.setQueryData<Paged<RoomView>>(chatKeys.rooms(userId), (page) =>
    page ? { ...page, list: sortRooms(change(page.list)) } : page,
  );
}

export function applyThreadAction(queryClient: QueryClient, roomId: number, action: ThreadAction) {
  queryClient.setQueryData<Thread>(chatKeys.thread(roomId), (thread) =>
    thread ? threadReducer(thread, action) : thread,
  );
}

/** The room list's summary of a message (as the server keeps it: plain text, empty once deleted). */
function summary(message: ChatMessage): RoomView["lastMessage"] {
  return {
    sequence: message.sequence,
    text: message.deletedAt ? "" : htmlToText(message.text).slice(0, previewLength),
    senderId: message.senderId,
    at: message.createdAt,
  };
}

/**
 * A socket event into the cache: the room's thread (if loaded) and the room list (last message,
 * unread counts). The same event twice changes nothing more.
 */
export function applyChatEvent(queryClient: QueryClient, userId: number, event: ServerEvent) {
  switch (event.type) {
    case "RoomMessage":
    case "RoomMessageUpdated":
    case "RoomMessageDeleted": {
      const { message } = event.payload;
      const before = queryClient.getQueryData<Thread>(chatKeys.thread(message.roomId));
      const seenBefore = before?.messages.some(
        (known) => known.sequence === message.sequence && known.revision >= message.revision,
      );
      applyThreadAction(queryClient, message.roomId, threadActionOf(event));
      const rooms = queryClient.getQueryData<Paged<RoomView>>(chatKeys.rooms(userId));
      if (rooms && !rooms.list.some((room) => room.id === message.roomId)) {
        // A room this list has not seen yet (a new booking, or a partner's first message).
        void queryClient.invalidateQueries({ queryKey: chatKeys.rooms(userId) });
        return;
      }
      updateRooms(queryClient, userId, (list) =>
        list.map((room) => {
          if (room.id !== message.roomId) return room;
          const isLatest = !room.lastMessage || room.lastMessage.sequence <= message.sequence;
          const counts =
            event.type === "RoomMessage" &&
            message.senderId !== userId &&
            !seenBefore &&
            (!room.lastMessage || room.lastMessage.sequence < message.sequence);
          const unreadDrop =
            event.type === "RoomMessageDeleted" &&
            message.senderId !== userId &&
            room.unreadCount > 0 &&
            (before?.reads[userId] ?? 0) < message.sequence;
          return {
            ...room,
            lastMessage: isLatest ? summary(message) : room.lastMessage,
            unreadCount: room.unreadCount + (counts ? 1 : 0) - (unreadDrop ? 1 : 0),
          };
        }),
      );
      return;
    }
    case "RoomMessageRead": {
      const { roomId, userId: reader, sequence, unreadCount } = event.payload;
      applyThreadAction(queryClient, roomId, { type: "read", userId: reader, sequence });
      // Exact after reads from another device: the server counts for the reader.
      if (reader === userId)
        updateRooms(queryClient, userId, (list) =>
          list.map((room) => (room.id === roomId ? { ...room, unreadCount } : room)),
        );
      return;
    }
    default:
      return;
  }
}

/** Typing and presence of other users, kept outside the query cache (they are not data). */
function createPresence() {
  const typing = new Map<string, ReturnType<typeof setTimeout>>();
  const online = new Map<number, boolean>();
  const listeners = new Set<() => void>();
  let version = 0;
  const notify = () => {
    version++;
    for (const listener of listeners) listener();
  };
  return {
    /** A typing flag expires by itself if the "stopped" event is lost. */
    setTyping(roomId: number, userId: number, isTyping: boolean) {
      const key = `${roomId}:${userId}`;
      const timer = typing.get(key);
      if (timer) clearTimeout(timer);
      if (isTyping)
        typing.set(
          key,
          setTimeout(() => (typing.delete(key), notify()), 6000),
        );
      else typing.delete(key);
      notify();
    },
    isTyping: (roomId: number, userId: number) => typing.has(`${roomId}:${userId}`),
    setOnline(userId: number, isOnline: boolean) {
      online.set(userId, isOnline);
      notify();
    },
    isOnline: (userId: number) => online.get(userId),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

export const chatPresence = createPresence();

export function useChatPresence() {
  useSyncExternalStore(chatPresence.subscribe, chatPresence.version, chatPresence.version);
  return chatPresence;
}

function applyPresence(userId: number, event: ServerEvent) {
  if (event.type === "UserTyping" && event.payload.userId !== userId)
    chatPresence.setTyping(event.payload.roomId, event.payload.userId, event.payload.typing);
  if (event.type === "UserStatusChanged") chatPresence.setOnline(event.payload.userId, event.payload.online);
  // A message ends its sender's typing.
  if (event.type === "RoomMessage")
    chatPresence.setTyping(event.payload.message.roomId, event.payload.message.senderId, false);
}

/**
 * The user channel's chat events into the cache, for as long as the caller is mounted (the header
 * keeps it mounted for signed-in chatters). After a reconnect the room list is fetched again so
 * unread counts are exact.
 */
export function useChatEvents() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    const offEvent = userChannel.subscribe((event) => {
      applyChatEvent(queryClient, userId, event);
      applyPresence(userId, event);
    });
    const offOpen = userChannel.onOpen((reopened) => {
      if (reopened) void queryClient.invalidateQueries({ queryKey: chatKeys.rooms(userId) });
    });
    return () => {
      offEvent();
      offOpen();
    };
  }, [queryClient, userId]);
}

/** The Arabic text of a refused or unanswered ack. */
export function ackErrorText(failure: AckPayload | AckTimeoutError): string {
  if (failure instanceof AckTimeoutError) return arLive.chat.ack.timeout;
  if (failure.code === "long-message-text") return arLive.chat.longMessage;
  return arLive.chat.ack[failure.result];
}

function toastAck(failure: AckPayload | AckTimeoutError) {
  toasts.show({ id: "chat-ack", type: "error", title: ackErrorText(failure) });
}

/** Runs a frame; a refusal or a timeout becomes an Arabic toast. Answers the ack when it is "ok". */
async function runFrame(
  channel: RealtimeChannel,
  frame: OutgoingFrame,
  retryOnTimeout = false,
): Promise<AckPayload | null> {
  try {
    const ack = await channel.request(frame);
    if (ack.result !== "ok") {
      toastAck(ack);
      return null;
    }
    return ack;
  } catch (error) {
    if (retryOnTimeout && error instanceof AckTimeoutError) return runFrame(channel, frame, false);
    toastAck(error instanceof AckTimeoutError ? error : new AckTimeoutError());
    return null;
  }
}

let clientCounter = 0;
const newClientId = () =>
  `${Date.now().toString(36)}-${(clientCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The chat-room socket of the open room: sends, edits, deletes, reads and typing with acks, and
 * catches up (SyncMessages from the last revision it has all of) every time it (re)connects and
 * once the first page has loaded. Reopened when the token changes.
 */
export function useRoomChannel(roomId: number | null, threadLoaded: boolean) {
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  const userId = user?.id ?? null;
  const [channel, setChannel] = useState<RealtimeChannel | null>(null);
  const [opens, setOpens] = useState(0);
  const status = useSyncExternalStore(
    useCallback((listener: () => void) => channel?.onStatus(listener) ?? (() => {}), [channel]),
    () => channel?.status() ?? "closed",
  );

  useEffect(() => {
    const live = session.liveToken();
    if (roomId === null || live === null || userId === null) return;
    const opened = openChannel("chat-room", String(roomId), live);
    const offOpen = opened.onOpen(() => setOpens((count) => count + 1));
    const offEvent = opened.onEvent((event) => {
      applyChatEvent(queryClient, userId, event);
      applyPresence(userId, event);
    });
    setChannel(opened);
    return () => {
      offOpen();
      offEvent();
      opened.close();
      setChannel(null);
      setOpens(0);
    };
  }, [roomId, token, userId, queryClient]);

  // Catch-up: after every (re)connect, once the first page is in the cache.
  useEffect(() => {
    if (!channel || opens === 0 || !threadLoaded || roomId === null) return;
    let cancelled = false;
    async function catchUp(target: RealtimeChannel, room: number) {
      for (let round = 0; round < 50 && !cancelled; round++) {
        const thread = queryClient.getQueryData<Thread>(chatKeys.thread(room));
        if (!thread) return;
        let ack: AckPayload;
        try {
          ack = await target.request({ type: "SyncMessages", payload: { after: thread.syncedRevision } });
        } catch {
          return; // The next reconnect tries again.
        }
        if (cancelled || ack.result !== "ok" || !ack.sync) return;
        applyThreadAction(queryClient, room, { type: "sync", sync: ack.sync });
        if (!ack.sync.hasMore) return;
      }
    }
    void catchUp(channel, roomId);
    return () => {
      cancelled = true;
    };
  }, [channel, opens, threadLoaded, roomId, queryClient]);

  const actions = {
    /** Resolves true once the room acknowledged the message; a lost ack is resent with the same clientId. */
    async send(text: string): Promise<boolean> {
      if (!channel || roomId === null) return false;
      const ack = await runFrame(
        channel,
        { type: "SendMessage", payload: { text, clientId: newClientId() } },
        true,
      );
      if (ack?.message && userId !== null)
        applyChatEvent(queryClient, userId, { type: "RoomMessage", payload: { message: ack.message } });
      return ack !== null;
    },
    async edit(sequence: number, text: string): Promise<boolean> {
      if (!channel || userId === null) return false;
      const ack = await runFrame(channel, { type: "UpdateMessage", payload: { sequence, text } });
      if (ack?.message)
        applyChatEvent(queryClient, userId, {
          type: "RoomMessageUpdated",
          payload: { message: ack.message },
        });
      return ack !== null;
    },
    async remove(sequence: number): Promise<boolean> {
      if (!channel || userId === null) return false;
      const ack = await runFrame(channel, { type: "DeleteMessage", payload: { sequence } });
      if (ack?.message)
        applyChatEvent(queryClient, userId, {
          type: "RoomMessageDeleted",
          payload: { message: ack.message },
        });
      return ack !== null;
    },
    markRead(sequence: number) {
      if (!channel) return;
      // Quiet: a failed receipt is sent again with the next message.
      channel.request({ type: "MarkMessageAsRead", payload: { sequence } }).catch(() => {});
    },
    typing(isTyping: boolean) {
      if (!channel) return;
      channel.request({ type: "UserTyping", payload: { typing: isTyping } }).catch(() => {});
    },
  };

  return { status, actions, ready: channel !== null };
}

export type RoomActions = ReturnType<typeof useRoomChannel>["actions"];
