import type { UserView } from "@schema/api/user";
import { ar } from "../../i18n/ar-EG";
import { cx } from "../../ui/class-names";
import { squareImageProps } from "../../lib/image-variants";

const sizes = { sm: "size-9 text-sm", lg: "size-20 text-2xl" } as const;
const sides = { sm: 36, lg: 80 } as const;

/** The user's photo (its small versions; it sits at the top of the header and the settings, so it is not lazy), or the first letter of their name. */
export function UserAvatar({
  user,
  size = "sm",
}: {
  user: Pick<UserView, "name" | "email" | "image">;
  size?: keyof typeof sizes;
}) {
  const initial = (user.name ?? user.email).trim().charAt(0).toUpperCase();
  if (user.image)
    return (
      <img
        {...squareImageProps(user.image, sides[size], "eager")}
        alt={ar.ui.avatarAlt}
        className={cx(sizes[size], "shrink-0 rounded-full object-cover")}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cx(
        sizes[size],
        "inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800",
      )}
    >
      {initial}
    </span>
  );
}
