/**
 * Every marketing page's texts merged into one `marketing`, for tests only (docs/product.md §2,
 * public site): the pages import their own ar-EG-marketing-<page>.ts, so the home page does not
 * download the terms, the FAQ or the pricing notes. `titles` gathers each page's document title
 * under the names the tests use.
 */
import { marketingAbout } from "./ar-EG-marketing-about";
import { marketingBecomeTutor } from "./ar-EG-marketing-become-tutor";
import { marketingContact } from "./ar-EG-marketing-contact";
import { marketingFaq } from "./ar-EG-marketing-faq";
import { marketingHome } from "./ar-EG-marketing-home";
import { marketingMethod } from "./ar-EG-marketing-method";
import { marketingPricing } from "./ar-EG-marketing-pricing";
import { marketingPrivacy } from "./ar-EG-marketing-privacy";
import { marketingShared } from "./ar-EG-marketing-shared";
import { marketingTerms } from "./ar-EG-marketing-terms";

export type { FaqItem, TextSection } from "./ar-EG-marketing-shared";

export const marketing = {
  ...marketingShared,
  titles: {
    home: marketingHome.documentTitle,
    tutor: marketingBecomeTutor.documentTitle,
    terms: marketingTerms.documentTitle,
    privacy: marketingPrivacy.documentTitle,
    pricing: marketingPricing.documentTitle,
    faq: marketingFaq.documentTitles.all,
    faqStudent: marketingFaq.documentTitles.student,
    faqTutor: marketingFaq.documentTitles.tutor,
    contact: marketingContact.documentTitle,
    method: marketingMethod.documentTitle,
    about: marketingAbout.documentTitle,
    ...marketingShared.titles,
  },
  home: marketingHome,
  about: marketingAbout,
  method: { ...marketingMethod, cta: marketingShared.chooseTutor },
  tutor: marketingBecomeTutor,
  pricing: marketingPricing,
  faq: marketingFaq,
  contact: marketingContact,
  terms: marketingTerms,
  privacy: marketingPrivacy,
};
