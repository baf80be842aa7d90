// A VAPID pair for the tests that configure an environment outside local, where web push's keys
// are required (worker/core/env.ts). Generated with `node scripts/vapid-keys.mjs`; not a secret.
export const vapidSettings = {
  VAPID_PUBLIC_KEY: "BMo6ZFtyj8Y2-c7CoJ-ohCVhEIrmJFVybQAcHQJwqx5fhLXI_0ckAgxKsSgywqb7mZSelOL_7zHm6CYUwdQ63-g",
  VAPID_PRIVATE_KEY: JSON.stringify({
    kty: "EC",
    crv: "P-256",
    x: "yjpkW3KPxjb5zsKgn6iEJWEQiuYkVXJtABwdAnCrHl8",
    y: "hLXI_0ckAgxKsSgywqb7mZSelOL_7zHm6CYUwdQ63-g",
    d: "DJ6Rwubh_hdoShBNugYX_UeQwANkHhsk7Lz_h1EuBcA",
  }),
  VAPID_SUBJECT: "mailto:push@dars.test",
};
