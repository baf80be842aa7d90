import { Link } from "react-router-dom";
import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { ar } from "../../i18n/ar-EG";
import { marketingMethod } from "../../i18n/ar-EG-marketing-method";
import { marketingShared } from "../../i18n/ar-EG-marketing-shared";
import { buttonClasses } from "../../ui/button";

const t = marketingMethod;

/** /method — our teaching method: one-to-one, short and regular, speaking first. */
export function MethodPage() {
  return (
    <MarketingPage title={t.title} lead={t.lead}>
      <TextSections sections={t.sections} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/tutors" className={buttonClasses("primary", "lg")}>
          {marketingShared.chooseTutor}
        </Link>
        <Link to="/pricing" className={buttonClasses("secondary", "lg")}>
          {ar.footer.pricing}
        </Link>
      </div>
    </MarketingPage>
  );
}
