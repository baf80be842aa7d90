import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { chatContracts, type NewRoomBody, type RoomView } from "@schema/api/chat";
import { isApiError } from "../../lib/api-error";
import { chatKeys } from "./chat-keys";
import { call } from "../../lib/client";

/** The /chat address that opens a room. */
export const chatRoomPath = (roomId: number) => `/chat?room=${roomId}`;

const pairKey = (userId: number, otherId: number) => ["chat", "pair", userId, otherId] as const;

/** GET /chat/room/by/members: the caller's room with `otherId`, or null when they have none. */
export async function findRoomWith(
  userId: number,
  otherId: number,
  signal?: AbortSignal,
): Promise<RoomView | null> {
  try {
    return (await call(chatContracts.roomByMembers, { query: { members: `${userId},${otherId}` }, signal }))
      .room;
  } catch (error) {
    // The room went away between the lookup and its read.
    if (isApiError(error) && error.code === "room-not-found") return null;
    throw error;
  }
}

/** Whether the caller already talks with `otherId` (then the profile opens that room). */
export function useRoomWith(userId: number | null, otherId: number, enabled: boolean) {
  return useQuery({
    queryKey: pairKey(userId ?? 0, otherId),
    queryFn: ({ signal }) => findRoomWith(userId!, otherId, signal),
    enabled: enabled && userId !== null && userId !== otherId,
    retry: false,
  });
}

/**
 * POST /chat/new with the first message. When the pair already has a room (room-exists: opened
 * meanwhile by a booking or another tab) it answers that room instead, so the caller can open it.
 */
export function useStartChat(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewRoomBody): Promise<RoomView> => {
      try {
        return (await call(chatContracts.create, { body })).room;
      } catch (error) {
        if (!isApiError(error) || error.code !== "room-exists") throw error;
        const existing = await findRoomWith(userId, Number(body.userId));
        if (!existing) throw error;
        return existing;
      }
    },
    onSuccess: async (room, body) => {
      queryClient.setQueryData(pairKey(userId, Number(body.userId)), room);
      await queryClient.invalidateQueries({ queryKey: chatKeys.rooms(userId) });
    },
  });
}
