/**
 * A lazy screen whose chunk is gone (a deploy replaced the build while this tab was open): reload
 * once to get the new build, remembered for the tab so a chunk that truly fails cannot loop.
 * Returns whether the page is reloading.
 */
export function reloadForNewBuild(): boolean {
  const reloadedKey = "dars.preload-reloaded";
  if (sessionStorage.getItem(reloadedKey)) return false;
  sessionStorage.setItem(reloadedKey, "1");
  window.location.reload();
  return true;
}
