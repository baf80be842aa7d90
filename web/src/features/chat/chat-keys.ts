/**
 * The chat's react-query keys, on their own: the profile's «message the tutor» button
 * (use-start-chat.ts) refreshes the rooms list without loading the chat screen's code
 * (use-chat.ts, its realtime socket and message rendering).
 */
export const chatKeys = {
  all: ["chat"] as const,
  rooms: (userId: number) => ["chat", "rooms", userId] as const,
  thread: (roomId: number) => ["chat", "thread", roomId] as const,
};
