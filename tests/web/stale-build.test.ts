// A lazy screen whose chunk vanished after a deploy reloads the page once per tab (web/src/lib/stale-build.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadForNewBuild } from "../../web/src/lib/stale-build";

describe("reload for a new build", () => {
  afterEach(() => sessionStorage.clear());

  it("reloads the first time, and never again in the same tab", () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewBuild()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
