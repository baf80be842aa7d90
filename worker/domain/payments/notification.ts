// Fawry's server notification v2 (docs/services.md §1): trusted only through its messageSignature.
// A refused one that names one of our orders is recorded for admins (anything else is noise, not
// money); a verified one is applied like a status query's answer.
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { fawryNotificationKey, verifyNotification, type PaymentDetails } from "../../integrations/fawry";
import { applyPaymentDetails } from "./payments";
import { raiseAlarm } from "./refunds";
import { findByMerchantRef } from "./transactions";

export async function receiveFawryNotification(scope: Scope, details: PaymentDetails): Promise<void> {
  const key = fawryNotificationKey(scope.config);
  if (!key || !(await verifyNotification(key, details))) {
    scope.logger.warn("fawry notification refused: bad signature");
    const named =
      typeof details.merchantRefNumber === "string" || typeof details.merchantRefNumber === "number"
        ? await findByMerchantRef(scope.db, String(details.merchantRefNumber))
        : null;
    if (named)
      await raiseAlarm(scope.db, "bad-signature", {
        transactionId: named.id,
        merchantRefNum: named.merchantRefNum,
        details: {
          orderStatus: String(details.orderStatus ?? ""),
          paymentAmount: details.paymentAmount ?? null,
        },
      });
    fail("forbidden");
  }
  const applied = await applyPaymentDetails(scope, { details, fawry: scope.services.fawry() });
  if (!applied) fail("transaction-not-found");
}
