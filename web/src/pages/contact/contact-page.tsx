import { Link } from "react-router-dom";
import { ContactForm } from "../../features/contact/contact-form";
import { MarketingPage } from "../../features/marketing/marketing-page";
import { support } from "../../i18n/ar-EG-support";
import { marketingContact } from "../../i18n/ar-EG-marketing-contact";
import { useIsSignedIn } from "../../lib/session";
import { Card } from "../../ui/card";

const t = marketingContact;

/** /contact — the public contact form (POST /contact-request/). */
export function ContactPage() {
  const signedIn = useIsSignedIn();
  return (
    <MarketingPage title={t.title} lead={t.lead}>
      <p className="text-slate-700">
        {t.faqHint}{" "}
        <Link to="/faq" className="font-medium text-brand-800 underline underline-offset-4">
          {t.faqLink}
        </Link>
        .
      </p>
      <Card title={support.contact.formTitle}>
        <ContactForm />
      </Card>
      {signedIn && <p className="text-sm text-slate-700">{t.signedInHint}</p>}
    </MarketingPage>
  );
}
