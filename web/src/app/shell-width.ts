import { useLocation } from "react-router-dom";

/** The admin area is a work tool: a wider shell (its tables) and no marketing footer. */
export function useInAdminShell(): boolean {
  return /^\/admin(\/|$)/.test(useLocation().pathname);
}

/** The content width of the shell: the header's row and the page share it, so their edges line up. */
export function shellWidth(inAdmin: boolean): string {
  return inAdmin ? "max-w-7xl" : "max-w-5xl";
}
