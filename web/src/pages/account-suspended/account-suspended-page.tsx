import { Link } from "react-router-dom";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { accountSafety } from "../../i18n/ar-EG-account-safety";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";

const t = accountSafety.suspendedScreen;

/** /account-suspended — where a signed-in user lands when the API answers account-suspended. */
export function AccountSuspendedPage() {
  return (
    <PageFrame title={t.title}>
      <Card>
        <div className="flex flex-col gap-4">
          <Notice tone="error">{errorMessage("account-suspended")}</Notice>
          <p className="text-base text-slate-800">{t.body}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClasses("primary", "lg")}>
              {t.contact}
            </Link>
            <Link to="/" className={buttonClasses("secondary", "lg")}>
              {t.home}
            </Link>
          </div>
        </div>
      </Card>
    </PageFrame>
  );
}
