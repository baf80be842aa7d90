/** localhost, 127.0.0.0/8 and ::1: the only hosts the local environment answers on (worker/core/env.ts). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]" ||
    host === "::1"
  );
}
