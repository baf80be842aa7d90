import { lazy, Suspense, useState } from "react";
import { market } from "../../i18n/ar-EG-marketplace";
import { Button } from "../../ui/button";

// The check (its strings, the media code) loads when it is opened, not with the lesson list.
const DeviceCheckDialog = lazy(async () => ({
  default: (await import("../live-session/device-check")).DeviceCheckDialog,
}));

/**
 * «جرّب الكاميرا والمايك» on a lesson card: the live room's own device check
 * (web/src/features/live-session/device-check.tsx) in a dialog, at any time before the lesson.
 */
export function DeviceCheckButton({ about, size = "sm" }: { about: string; size?: "sm" | "md" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={market.join.deviceCheckFor(about)}
        aria-haspopup="dialog"
      >
        {market.join.deviceCheck}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DeviceCheckDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
