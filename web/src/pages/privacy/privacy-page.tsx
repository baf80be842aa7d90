import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { marketing } from "../../i18n/ar-EG-marketing";

/** /privacy — what is collected, why, who sees it, and the user's rights. */
export function PrivacyPage() {
  return (
    <MarketingPage title={marketing.privacy.title} lead={marketing.privacy.lead}>
      <TextSections sections={marketing.privacy.sections} />
    </MarketingPage>
  );
}
