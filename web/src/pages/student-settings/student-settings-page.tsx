import { AccountSettings } from "../../features/user/account-settings";
import { UserGate } from "../../features/user/user-gate";
import { ar } from "../../i18n/ar-EG";
import { PageFrame } from "../../ui/page-frame";

/** /s/settings */
export function StudentSettingsPage() {
  return (
    <PageFrame title={ar.settings.studentTitle} width="wide">
      <UserGate>{(user) => <AccountSettings user={user} />}</UserGate>
    </PageFrame>
  );
}
