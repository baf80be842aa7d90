import { AccountSettings } from "../../features/user/account-settings";
import { ConsentsCard } from "../../features/privacy/consents-card";
import { NotificationsCard } from "../../features/notifications/notifications-card";
import { DataExportCard } from "../../features/privacy/data-export-card";
import { PushCard } from "../../features/push/push-card";
import { DeleteAccountCard } from "../../features/privacy/delete-account-card";
import { UserGate } from "../../features/user/user-gate";
import { arAuth } from "../../i18n/ar-EG-auth";
import { PageFrame } from "../../ui/page-frame";

/** /t/account-settings */
export function TutorAccountSettingsPage() {
  return (
    <PageFrame title={arAuth.settings.tutorTitle} width="wide">
      <UserGate>
        {(user) => (
          <div className="flex flex-col gap-6">
            <AccountSettings user={user} />
            <DataExportCard />
            <PushCard />
            <NotificationsCard />
            <ConsentsCard />
            <DeleteAccountCard />
          </div>
        )}
      </UserGate>
    </PageFrame>
  );
}
