import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { marketing } from "../../i18n/ar-EG-marketing";

/** /terms — the terms of use, from the product's own rules (booking, cancellation, refunds). */
export function TermsPage() {
  return (
    <MarketingPage title={marketing.terms.title} lead={marketing.terms.lead}>
      <TextSections sections={marketing.terms.sections} />
    </MarketingPage>
  );
}
