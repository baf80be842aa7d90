import { arLive } from "../../i18n/ar-EG-live";

/** docs/product.md §8: the device errors a lesson's ready screen tells apart. */
export type DeviceErrorKind =
  "no-device" | "device-in-use" | "over-constrained" | "permission-denied" | "unexpected";

const byName: Record<string, DeviceErrorKind> = {
  NotFoundError: "no-device",
  DevicesNotFoundError: "no-device",
  NotReadableError: "device-in-use",
  TrackStartError: "device-in-use",
  OverconstrainedError: "over-constrained",
  ConstraintNotSatisfiedError: "over-constrained",
  NotAllowedError: "permission-denied",
  PermissionDeniedError: "permission-denied",
  SecurityError: "permission-denied",
};

/** What getUserMedia's rejection means (older Chrome names included). */
export function deviceErrorKind(error: unknown): DeviceErrorKind {
  const name =
    typeof error === "object" && error !== null && "name" in error
      ? String((error as { name: unknown }).name)
      : "";
  return byName[name] ?? "unexpected";
}

/** The Arabic title and the next step for a device error. */
export function deviceErrorMessage(kind: DeviceErrorKind): { title: string; next: string } {
  return arLive.liveSession.deviceErrors[kind];
}
