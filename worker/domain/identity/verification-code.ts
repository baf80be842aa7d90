/** A 5-digit code whose first digit is not zero (docs/rules.md, Validation bounds), from a CSPRNG. */
export function generateVerificationCode(): string {
  const [random] = crypto.getRandomValues(new Uint32Array(1));
  return String(10_000 + (random! % 90_000));
}
