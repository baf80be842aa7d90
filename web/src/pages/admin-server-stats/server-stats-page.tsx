import { ServerStatsView } from "../../features/admin/server-stats-view";
import { useServerStats } from "../../features/admin/use-server-stats";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { PageFrame } from "../../ui/page-frame";

/** /admin/server-stats: the platform's live figures (docs/product.md §6: admins). */
export function ServerStatsPage() {
  const { stats, status } = useServerStats();
  return (
    <PageFrame
      title={arAdmin.admin.serverStats.title}
      subtitle={arAdmin.admin.serverStats.intro}
      width="wide"
    >
      <ServerStatsView stats={stats} status={status} />
    </PageFrame>
  );
}
