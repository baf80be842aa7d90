import { NavLink } from "react-router-dom";
import { arLive } from "../../i18n/ar-EG-live";
import { formatNumber } from "../../lib/format";
import { cx } from "../../ui/class-names";
import { totalUnread, useChatEvents, useRoomsQuery } from "./use-chat";

/** "المحادثات" in the header, with the unread count; keeps chat events flowing into the cache. */
export function ChatNavLink({ className }: { className?: string }) {
  useChatEvents();
  const rooms = useRoomsQuery();
  const unread = rooms.data ? totalUnread(rooms.data) : 0;
  return (
    <NavLink
      to="/chat"
      className={({ isActive }) =>
        cx(
          "inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium",
          isActive ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100",
          className,
        )
      }
    >
      {arLive.chat.navLabel}
      {unread > 0 && (
        <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
          <span aria-hidden="true">{formatNumber(unread)}</span>
          <span className="sr-only">{arLive.chat.unread(unread)}</span>
        </span>
      )}
    </NavLink>
  );
}
