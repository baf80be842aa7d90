import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { marketingPrivacy } from "../../i18n/ar-EG-marketing-privacy";

/** /privacy — what is collected, why, who sees it, and the user's rights. */
export function PrivacyPage() {
  return (
    <MarketingPage title={marketingPrivacy.title} lead={marketingPrivacy.lead}>
      <TextSections sections={marketingPrivacy.sections} />
    </MarketingPage>
  );
}
