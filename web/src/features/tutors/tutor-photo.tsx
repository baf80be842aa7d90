import { initialsOf } from "@schema/initials";
import { squareImageProps } from "../../lib/image-variants";
import { cx } from "../../ui/class-names";

/** A tutor's round photo (its small versions, lazy unless `priority`: the first one a page shows), or their initials. */
export function TutorPhoto({
  name,
  image,
  size = "md",
  priority = false,
}: {
  name: string | null;
  image: string | null;
  size?: "md" | "lg";
  priority?: boolean;
}) {
  const classes = size === "lg" ? "size-24 text-3xl" : "size-16 text-xl";
  if (image)
    return (
      <img
        {...squareImageProps(image, size === "lg" ? 96 : 64, priority ? "high" : "lazy")}
        alt=""
        className={cx(classes, "shrink-0 rounded-full object-cover")}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cx(
        classes,
        "inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900",
      )}
    >
      {initialsOf(name) || "؟"}
    </span>
  );
}
