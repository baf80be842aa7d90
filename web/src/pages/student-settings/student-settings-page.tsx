import { AccountSettings } from "../../features/user/account-settings";
import { UserGate } from "../../features/user/user-gate";
import { arAuth } from "../../i18n/ar-EG-auth";
import { PageFrame } from "../../ui/page-frame";

/** /s/settings */
export function StudentSettingsPage() {
  return (
    <PageFrame title={arAuth.settings.studentTitle} width="wide">
      <UserGate>{(user) => <AccountSettings user={user} />}</UserGate>
    </PageFrame>
  );
}
