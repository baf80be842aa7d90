/**
 * The pure half of web/build/route-preload.ts (no Node modules, so the SPA's tests can import it):
 * reading web/src/routes.tsx's source into URL patterns and the modules each needs, and the table
 * the build writes (matching and ranking patterns: schema/route-preloads.ts).
 */
import type { RoutePreloadTable } from "../../schema/route-preloads";

/** A screen's URL pattern (react-router syntax) and the modules it needs, outermost layout first. */
export type RouteScreen = { pattern: string; modules: string[] };

/** Reads routes.tsx's source: the pattern of each lazy screen and the lazy layouts around it. */
export function routeScreensOf(source: string): RouteScreen[] {
  type Frame = { parent: Frame | null; path: string | null; modules: string[]; hasLazyChild: boolean };
  const frames: Frame[] = [];
  // The object literals open at this point of the source, innermost last.
  const open: Frame[] = [];
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index, index + 2);
    const char = source[index]!;
    if (rest === "//") {
      index = source.indexOf("\n", index);
      if (index < 0) break;
      continue;
    }
    if (rest === "/*") {
      index = source.indexOf("*/", index) + 2;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") {
      const end = source.indexOf(char, index + 1);
      index = end + 1;
      continue;
    }
    const current = open.at(-1);
    if (char === "{") {
      const frame: Frame = { parent: current ?? null, path: null, modules: [], hasLazyChild: false };
      frames.push(frame);
      open.push(frame);
    } else if (char === "}") {
      open.pop();
    } else if (current) {
      const path = /^path:\s*"([^"]*)"/.exec(source.slice(index, index + 200));
      const lazy = /^import\("(\.\/pages\/[^"]+)"\)/.exec(source.slice(index, index + 200));
      if (path && /[\s{,]/.test(source[index - 1] ?? " ")) current.path = path[1]!;
      if (lazy) {
        current.modules.push(`src/${lazy[1]!.slice(2)}.tsx`);
        index += lazy[0].length;
        continue;
      }
    }
    index += 1;
  }
  for (const frame of frames) {
    if (!frame.modules.length) continue;
    for (let parent = frame.parent; parent; parent = parent.parent) parent.hasLazyChild = true;
  }
  const screens: RouteScreen[] = [];
  for (const frame of frames) {
    if (!frame.modules.length || frame.hasLazyChild) continue;
    const paths: string[] = [];
    const modules: string[] = [];
    for (let at: Frame | null = frame; at; at = at.parent) {
      if (at.path !== null) paths.unshift(at.path);
      modules.unshift(...at.modules);
    }
    const pattern = `/${paths
      .map((part) => part.replace(/^\/+|\/+$/g, ""))
      .filter(Boolean)
      .join("/")}`;
    screens.push({ pattern, modules });
  }
  return screens;
}

/** The table as the build writes it (schema/route-preloads.ts): chunk names without "assets/" and ".js". */
export function preloadTable(
  files: string[],
  table: Array<[pattern: string, files: number[]]>,
): RoutePreloadTable {
  const names = files.map((file) => {
    if (!/^assets\/[\w.-]+\.js$/.test(file)) throw new Error(`route-preload: unexpected chunk file ${file}`);
    return file.slice("assets/".length, -".js".length);
  });
  return { files: names, table };
}
