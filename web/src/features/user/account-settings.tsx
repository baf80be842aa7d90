import type { UserView } from "@schema/api/user";
import { arProfile } from "../../i18n/ar-EG-profile";
import { arAuth } from "../../i18n/ar-EG-auth";
import { accountSafety } from "../../i18n/ar-EG-account-safety";
import { Card } from "../../ui/card";
import { Tabs } from "../../ui/tabs";
import { toasts } from "../../ui/toast-store";
import { VerificationStatus } from "../verification/verification-status";
import { AvatarUpload } from "./avatar-upload";
import { DevicesPanel } from "./devices-panel";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";
import { TimeZoneForm } from "./time-zone-form";

/** The account settings shared by students (/s/settings) and tutors (/t/account-settings). */
export function AccountSettings({ user }: { user: UserView }) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <AvatarUpload user={user} />
      </Card>
      <Card>
        <Tabs
          label={arAuth.settings.tabsLabel}
          tabs={[
            {
              id: "profile",
              label: arAuth.settings.profileTab,
              content: (
                <ProfileForm
                  user={user}
                  onSaved={() =>
                    toasts.show({ id: "profile-saved", type: "success", title: arProfile.profile.saved })
                  }
                />
              ),
            },
            { id: "time-zone", label: arAuth.settings.timeZoneTab, content: <TimeZoneForm user={user} /> },
            { id: "password", label: arAuth.settings.passwordTab, content: <PasswordForm user={user} /> },
            {
              id: "verification",
              label: arAuth.settings.verificationTab,
              content: <VerificationStatus user={user} />,
            },
            { id: "devices", label: accountSafety.devices.tab, content: <DevicesPanel /> },
          ]}
        />
      </Card>
    </div>
  );
}
