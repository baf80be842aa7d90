import { useState } from "react";
import type { UserView } from "@schema/api/user";
import { ar } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { Button } from "../../ui/button";
import { Badge } from "../../ui/notice";
import { EmailVerificationDialog } from "./email-verification-dialog";
import { PhoneVerificationDialog } from "./phone-verification-dialog";

/** Email and phone with their verification state and a button to verify each. */
export function VerificationStatus({ user }: { user: UserView }) {
  const [openDialog, setOpenDialog] = useState<"email" | "phone" | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100">
        <li className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-600">{arAuth.verification.email}</p>
            <bdi dir="ltr" className="block truncate font-medium text-slate-900">
              {user.email}
            </bdi>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={user.verifiedEmail ? "success" : "warning"}>
              {user.verifiedEmail ? ar.ui.verified : ar.ui.notVerified}
            </Badge>
            {!user.verifiedEmail && (
              <Button size="sm" onClick={() => setOpenDialog("email")}>
                {arAuth.verification.verifyEmail}
              </Button>
            )}
          </div>
        </li>
        <li className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-600">{arAuth.verification.phone}</p>
            {user.phone ? (
              <bdi dir="ltr" className="block font-medium text-slate-900">
                {user.phone}
              </bdi>
            ) : (
              <p className="text-slate-500">{arAuth.verification.noPhone}</p>
            )}
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={user.verifiedPhone ? "success" : "warning"}>
              {user.verifiedPhone ? ar.ui.verified : ar.ui.notVerified}
            </Badge>
            <Button
              size="sm"
              variant={user.verifiedPhone ? "secondary" : "primary"}
              onClick={() => setOpenDialog("phone")}
            >
              {user.verifiedPhone ? arAuth.verification.changePhone : arAuth.verification.verifyPhone}
            </Button>
          </div>
        </li>
      </ul>
      <EmailVerificationDialog
        user={user}
        open={openDialog === "email"}
        onClose={() => setOpenDialog(null)}
      />
      <PhoneVerificationDialog
        user={user}
        open={openDialog === "phone"}
        onClose={() => setOpenDialog(null)}
      />
    </>
  );
}
