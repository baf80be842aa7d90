import type { UserView } from "@schema/api/user";
import { ar } from "../../i18n/ar-EG";
import { cx } from "../../ui/class-names";

const sizes = { sm: "size-9 text-sm", lg: "size-20 text-2xl" } as const;

/** The user's photo, or the first letter of their name. */
export function UserAvatar({ user, size = "sm" }: { user: Pick<UserView, "name" | "email" | "image">; size?: keyof typeof sizes }) {
  const initial = (user.name ?? user.email).trim().charAt(0).toUpperCase();
  if (user.image) return <img src={user.image} alt={ar.profile.avatarAlt} className={cx(sizes[size], "shrink-0 rounded-full object-cover")} />;
  return (
    <span aria-hidden="true" className={cx(sizes[size], "inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800")}>
      {initial}
    </span>
  );
}
