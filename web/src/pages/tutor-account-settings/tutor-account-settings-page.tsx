import { AccountSettings } from "../../features/user/account-settings";
import { UserGate } from "../../features/user/user-gate";
import { ar } from "../../i18n/ar-EG";
import { PageFrame } from "../../ui/page-frame";

/** /t/account-settings */
export function TutorAccountSettingsPage() {
  return (
    <PageFrame title={ar.settings.tutorTitle} width="wide">
      <UserGate>{(user) => <AccountSettings user={user} />}</UserGate>
    </PageFrame>
  );
}
