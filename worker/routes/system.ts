import { route } from "../http/route";

export const systemRoutes = [
  route({
    method: "get",
    path: "/health",
    access: "public",
    summary: "Liveness and the build version.",
    handle: ({ c }) => ({ status: "ok", version: c.get("config").BUILD_VERSION }),
  }),
  route({
    method: "get",
    path: "/config",
    access: "public",
    summary: "What the SPA needs to know at start: Google client id (when configured) and environment.",
    handle: ({ c }) => {
      const config = c.get("config");
      return { googleClientId: config.GOOGLE_CLIENT_ID ?? null, environment: config.CLIENT_ENVIRONMENT };
    },
  }),
];
