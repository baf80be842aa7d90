import { useEffect } from "react";
import { Link } from "react-router-dom";
import { consent as text } from "../../i18n/ar-EG-consent";
import { loadAnalyticsTags, type AnalyticsIds } from "../../lib/analytics";
import { useAnalyticsConsent, writeConsent } from "../../lib/consent";
import { Button } from "../../ui/button";

/**
 * Asks once for analytics cookies when Google Analytics or Clarity is configured; the tags load
 * only after «موافق». The answer is remembered on this browser and recorded on the server with the
 * text's version (features/privacy/consent-record.ts). Keyboard reachable: a labelled
 * region with two buttons, at the end of the page's order.
 */
export function ConsentBanner({ ids }: { ids: AnalyticsIds }) {
  const answer = useAnalyticsConsent();
  const configured = Boolean(ids.gaId || ids.clarityProjectId);
  useEffect(() => {
    if (answer === "granted") loadAnalyticsTags(ids);
  }, [answer, ids]);
  if (!configured || answer !== null) return null;
  // Kept on this browser at once; recorded on the server (the person's or this device's) after.
  const choose = (granted: boolean) => {
    writeConsent(granted ? "granted" : "denied");
    // A chunk of its own: the banner is in every first load.
    void import("../privacy/consent-record").then((module) =>
      module.recordConsentChoice("analytics", granted),
    );
  };
  return (
    <section
      role="region"
      aria-label={text.label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-4 shadow-lg sm:inset-x-auto sm:end-4 sm:bottom-4 sm:max-w-md sm:rounded-xl sm:border"
    >
      <h2 className="text-base font-bold text-slate-900">{text.title}</h2>
      <p className="mt-1 text-sm leading-relaxed text-slate-700">
        {text.body}{" "}
        <Link to="/privacy" className="text-brand-700 underline">
          {text.privacy}
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => choose(true)}>{text.accept}</Button>
        <Button variant="secondary" onClick={() => choose(false)}>
          {text.refuse}
        </Button>
      </div>
    </section>
  );
}
