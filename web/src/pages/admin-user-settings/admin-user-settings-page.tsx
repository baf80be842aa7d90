import { AccountSettings } from "../../features/user/account-settings";
import { UserGate } from "../../features/user/user-gate";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { PageFrame } from "../../ui/page-frame";

/** /admin/user-settings (docs/product.md §2): the staff member's own account, inside the admin area. */
export function AdminUserSettingsPage() {
  return (
    <PageFrame title={arAdmin.adminArea.nav.accountSettings} width="wide">
      <UserGate>{(user) => <AccountSettings user={user} />}</UserGate>
    </PageFrame>
  );
}
