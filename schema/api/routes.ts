import { lessonContracts } from "./lesson";
import { planContracts } from "./plan";
import { couponContracts } from "./coupon";
import { subscriptionContracts } from "./subscription";
import { platformSettingsContracts } from "./platform-settings";
import { withdrawMethodContracts } from "./invoice";
import { availabilitySlotContracts } from "./availability-slot";
import { topicContracts } from "./topic";
import { inviteContracts } from "./invite";
import { transactionContracts } from "./transaction";
import { outboxContracts } from "./outbox";

/**
 * Every endpoint's contract, per area (schema/api/contract.ts). The Worker's routes are built
 * from these (worker/routes/*.ts) and tests/worker/response-contracts.test.ts checks that each
 * is served; the SPA imports only the area it needs (web/src/lib/client.ts), never this index.
 */
export const contracts = {
  lesson: lessonContracts,
  plan: planContracts,
  coupon: couponContracts,
  subscription: subscriptionContracts,
  platformSettings: platformSettingsContracts,
  withdrawMethod: withdrawMethodContracts,
  availabilitySlot: availabilitySlotContracts,
  topic: topicContracts,
  invite: inviteContracts,
  transaction: transactionContracts,
  outbox: outboxContracts,
} as const;
