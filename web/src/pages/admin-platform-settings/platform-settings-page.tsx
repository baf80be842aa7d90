import { useState } from "react";
import { ConfirmDialog } from "../../features/admin-area/admin-ui";
import { useFlushCache } from "../../features/admin-area/platform-settings";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";
import { BusinessNumbersCard } from "./business-numbers-card";
import { PlatformLinksCard } from "./platform-links-card";
import { WithdrawLimitsCard } from "./withdraw-limits-card";

const t = arAdmin.adminArea.settings;

/** /admin/platform-settings — the business numbers with their history, the withdrawal limits, the public messaging links and emptying the tutor list cache (DELETE /cache/flush). */
export function AdminPlatformSettingsPage() {
  const flush = useFlushCache();
  const [confirming, setConfirming] = useState(false);
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <BusinessNumbersCard />
      <WithdrawLimitsCard />
      <PlatformLinksCard />
      <Card title={t.cache}>
        <p className="mb-4 text-slate-700">{t.cacheBody}</p>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t.flush}
        </Button>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t.flushTitle}
        body={t.flushConfirmBody}
        confirmLabel={t.confirmFlush}
        pending={flush.isPending}
        error={flush.error}
        onClose={() => {
          setConfirming(false);
          flush.reset();
        }}
        onConfirm={() =>
          flush.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toasts.show({ id: "cache-flushed", type: "success", title: t.flushed });
            },
          })
        }
      />
    </PageFrame>
  );
}
