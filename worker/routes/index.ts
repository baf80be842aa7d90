import type { AnyRoute } from "../http/route";
import { assetRoutes } from "./assets";
import { availabilitySlotRoutes } from "./availability-slot";
import { authRoutes } from "./auth";
import { chatRoutes } from "./chat";
import { confirmationCodeRoutes } from "./confirmation-code";
import { devRoutes } from "./dev";
import { lessonRoutes } from "./lesson";
import { planRoutes } from "./plan";
import { sessionRoutes } from "./session";
import { subscriptionRoutes } from "./subscription";
import { systemRoutes } from "./system";
import { topicRoutes } from "./topic";
import { tutorRoutes } from "./tutor";
import { userRoutes } from "./user";

/** Every API route, each with its access declared beside it. Areas add their list here. */
export const apiRoutes: readonly AnyRoute[] = [
  ...systemRoutes,
  // Before userRoutes: /user/tutor/... must not be taken by /user/:id (Hono matches in order).
  ...tutorRoutes,
  ...userRoutes,
  ...authRoutes,
  ...confirmationCodeRoutes,
  ...assetRoutes,
  ...topicRoutes,
  ...availabilitySlotRoutes,
  ...chatRoutes,
  ...planRoutes,
  ...subscriptionRoutes,
  ...lessonRoutes,
  ...sessionRoutes,
  ...devRoutes,
];
