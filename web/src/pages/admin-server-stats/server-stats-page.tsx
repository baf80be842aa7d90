import { ServerStatsView } from "../../features/admin/server-stats-view";
import { useServerStats } from "../../features/admin/use-server-stats";
import { ar } from "../../i18n/ar-EG";
import { PageFrame } from "../../ui/page-frame";

/** /admin/server-stats: the platform's live figures (docs/product.md §6: admins). */
export function ServerStatsPage() {
  const { stats, status } = useServerStats();
  return (
    <PageFrame title={ar.admin.serverStats.title} subtitle={ar.admin.serverStats.intro} width="wide">
      <ServerStatsView stats={stats} status={status} />
    </PageFrame>
  );
}
