/**
 * The header that carries the token (nothing when Turnstile is off or not solved yet). Its own
 * module so the sign-in's calls (web/src/features/auth/use-auth.ts) do not bring the widget.
 */
export const turnstileHeaders = (token: string | null | undefined): Record<string, string> | undefined =>
  token ? { "x-turnstile-token": token } : undefined;
