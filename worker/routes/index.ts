import type { AnyRoute } from "../http/route";
import { assetRoutes } from "./assets";
import { authRoutes } from "./auth";
import { confirmationCodeRoutes } from "./confirmation-code";
import { devRoutes } from "./dev";
import { systemRoutes } from "./system";
import { userRoutes } from "./user";

/** Every API route, each with its access declared beside it. Areas add their list here. */
export const apiRoutes: readonly AnyRoute[] = [
  ...systemRoutes,
  ...userRoutes,
  ...authRoutes,
  ...confirmationCodeRoutes,
  ...assetRoutes,
  ...devRoutes,
];
