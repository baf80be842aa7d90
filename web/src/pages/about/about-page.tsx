import { Link } from "react-router-dom";
import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { ar } from "../../i18n/ar-EG";
import { marketingAbout } from "../../i18n/ar-EG-marketing-about";
import { marketingShared } from "../../i18n/ar-EG-marketing-shared";
import { buttonClasses } from "../../ui/button";

const t = marketingAbout;

/** /about — what Dars is, why, and how tutors are chosen. */
export function AboutPage() {
  return (
    <MarketingPage title={t.title} documentTitle={t.documentTitle} lead={t.lead}>
      <TextSections sections={t.sections} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/tutors" className={buttonClasses("primary", "lg")}>
          {marketingShared.chooseTutor}
        </Link>
        <Link to="/contact" className={buttonClasses("secondary", "lg")}>
          {ar.footer.contact}
        </Link>
      </div>
    </MarketingPage>
  );
}
