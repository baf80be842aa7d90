import { AccountSettings } from "../../features/user/account-settings";
import { UserGate } from "../../features/user/user-gate";
import { arAuth } from "../../i18n/ar-EG-auth";
import { PageFrame } from "../../ui/page-frame";

/** /t/account-settings */
export function TutorAccountSettingsPage() {
  return (
    <PageFrame title={arAuth.settings.tutorTitle} width="wide">
      <UserGate>{(user) => <AccountSettings user={user} />}</UserGate>
    </PageFrame>
  );
}
