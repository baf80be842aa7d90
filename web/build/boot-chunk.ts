/**
 * Build-time plugin (vite.config.ts): keeps the app's start in one chunk.
 *
 * The entry (web/src/main.tsx) evaluates React's DOM renderer, then imports the app's start
 * (web/src/boot.tsx) in a script task of its own (total blocking time: docs/performance.md). Left to itself,
 * the bundler treats that start as one more lazily loaded part beside the screens, and cuts every
 * module it shares with a screen into a chunk of its own: 40 files and 8 KB more on a first load.
 * This plugin lists the modules the start imports (the entry's own excepted) once the module
 * graph is known, and `groups` put them in one chunk, which the screens then import from.
 */
import type { Plugin } from "vite";

type Graph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

/** The plugin, and the chunk group for `build.rolldownOptions.output.codeSplitting.groups`. */
export function bootChunk(entryFile: string, bootFile: string) {
  const entry = new Set<string>();
  const members = new Set<string>();
  const plugin: Plugin = {
    name: "dars-boot-chunk",
    apply: "build",
    buildEnd() {
      const graph = this as unknown as Graph;
      const closure = (start: string, into: Set<string>) => {
        const pending = [start];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...graph.getModuleIds()];
      // Only a build of the SPA (the prerender's server build has neither file).
      if (!ids.includes(entryFile) || !ids.includes(bootFile)) return;
      entry.clear();
      closure(entryFile, entry);
      const boot = new Set<string>();
      closure(bootFile, boot);
      members.clear();
      // The start's own module stays the chunk its import() names; its stylesheet stays the entry's.
      for (const id of boot) if (!entry.has(id) && id !== bootFile) members.add(id);
    },
  };
  // The entry's own modules (React's DOM renderer) first, so that the start's group, which takes in
  // its modules' imports too, leaves them to the entry's chunk.
  const groups = [
    {
      name: "react-dom",
      priority: 2,
      test: (id: string) => entry.has(id) && id !== entryFile && !id.endsWith(".css"),
    },
    { name: "app", priority: 1, test: (id: string) => members.has(id) },
  ];
  /**
   * `output.postBanner`: the two chunks every page runs at once ask V8 to compile all their
   * functions while they download, on a background thread (an explicit compile hint, Chrome 136+),
   * instead of each on the main thread the first time the start calls it. Other browsers skip the comment.
   */
  const postBanner = (chunk: { name: string }) =>
    groups.some((group) => group.name === chunk.name) ? "//# allFunctionsCalledOnLoad" : "";
  return { plugin, groups, postBanner };
}
