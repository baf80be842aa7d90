import { Component, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { reportError } from "../lib/error-reporting";
import { CrashScreen, RootCrashScreen } from "./crash-screen";

type BoundaryProps = { resetKey: unknown; fallback: ReactNode; children: ReactNode };
type BoundaryState = { failed: boolean; resetKey: unknown };

/** Shows `fallback` in place of children that threw while rendering, until `resetKey` changes. */
class CrashBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    // Sentry, when GET /config turned it on (web/src/lib/error-reporting.ts).
    reportError(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * docs/product.md §2: a screen that fails to render (or whose chunk fails to load) shows the crash
 * screen in its place; the root layout's crash fills the page. Going to another location (a link,
 * back, forward) tries again, as a router's error element did.
 */
export function ScreenBoundary({ children, root = false }: { children: ReactNode; root?: boolean }) {
  const location = useLocation();
  return (
    <CrashBoundary resetKey={location} fallback={root ? <RootCrashScreen /> : <CrashScreen />}>
      {children}
    </CrashBoundary>
  );
}
