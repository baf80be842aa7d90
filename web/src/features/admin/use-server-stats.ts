import { useEffect, useState } from "react";
import type { ServerStats } from "@schema/events";
import { openChannel, type ChannelStatus, type RealtimeChannel } from "../../lib/realtime";
import { session, useSession } from "../../lib/session";

export type LiveServerStats = {
  /** The latest figures (null until the first ServerStats frame). */
  stats: ServerStats | null;
  status: ChannelStatus;
};

/**
 * ServerStats from the admin channel (/parties/admin-channel/main): the channel sends the current
 * figures on connect and then at most once a second. Reopened when the token changes.
 */
export function useServerStats(): LiveServerStats {
  const { token } = useSession();
  const [stats, setStats] = useState<ServerStats | null>(null);
  const [status, setStatus] = useState<ChannelStatus>("connecting");

  useEffect(() => {
    const live = session.liveToken();
    if (live === null) return;
    const channel: RealtimeChannel = openChannel("admin-channel", "main", live);
    const offEvent = channel.onEvent((event) => {
      if (event.type === "ServerStats") setStats(event.payload);
    });
    const offStatus = channel.onStatus(() => setStatus(channel.status()));
    setStatus(channel.status());
    return () => {
      offEvent();
      offStatus();
      channel.close();
    };
  }, [token]);

  return { stats, status };
}
