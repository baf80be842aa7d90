import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { marketingTerms } from "../../i18n/ar-EG-marketing-terms";

/** /terms — the terms of use, from the product's own rules (booking, cancellation, refunds). */
export function TermsPage() {
  return (
    <MarketingPage title={marketingTerms.title} lead={marketingTerms.lead}>
      <TextSections sections={marketingTerms.sections} />
    </MarketingPage>
  );
}
