/**
 * A value made on first use, then kept: for Intl formatters, whose first construction loads the
 * locale's data. Made while a module is evaluated, they all land in the page's first script task
 * (about 200 ms on a slow phone: docs/performance.md); made on use, only the ones a screen needs are made, in
 * the render that needs them.
 */
export function madeOnce<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
