import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { cardAddedResult, checkoutReturnKey } from "../../features/payments/payment-logic";
import { arPayments } from "../../i18n/ar-EG-payments";
import { buttonClasses } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";

const t = arPayments.payments.cardAdded;

/** Where the saved checkout path is, if it is one of ours. */
function checkoutPath(): string | null {
  const saved = sessionStorage.getItem(checkoutReturnKey);
  return saved && /^\/checkout\/\d+\/[012](\?[\w=&-]*)?$/.test(saved) ? saved : null;
}

/** /card-added — Fawry's hosted add-card page returns here with statusCode (200 = saved). */
export function CardAddedPage() {
  const [search] = useSearchParams();
  const result = cardAddedResult(search);
  const back = checkoutPath();
  const navigate = useNavigate();
  // A saved card resumes the same checkout at once (its coupon and the card tab kept).
  useEffect(() => {
    if (result === "success" && back) {
      sessionStorage.removeItem(checkoutReturnKey);
      navigate(back, { replace: true });
    }
  }, [result, back, navigate]);
  return (
    <PageFrame title={t.title}>
      <Notice tone={result === "success" ? "success" : "error"}>
        {result === "success" ? t.success : t.failure}
      </Notice>
      <Link to={back ?? "/plans"} className={buttonClasses("primary", "md", "self-start")}>
        {back ? t.back : t.toPlans}
      </Link>
    </PageFrame>
  );
}
