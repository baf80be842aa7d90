/**
 * The pure half of web/build/route-preload.ts (no Node modules, so the SPA's tests can import it):
 * reading web/src/routes.tsx's source into URL patterns and the modules each needs, ranking and
 * matching patterns as react-router does, and the browser script that preloads a match's chunks.
 */
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
    const pattern = `/${paths.map((part) => part.replace(/^\/+|\/+$/g, "")).filter(Boolean).join("/")}`;
    screens.push({ pattern, modules });
  }
  return screens;
}

/**
 * How specific a pattern is, as react-router ranks them: a static segment beats a parameter,
 * which beats an optional one; the splat ranks below everything, even `/`. The highest-ranked
 * match wins.
 */
export function patternRank(pattern: string): number {
  return pattern
    .split("/")
    .filter(Boolean)
    .reduce((rank, segment) => rank + (segment === "*" ? -1 : segment.endsWith("?") ? 2 : segment.startsWith(":") ? 3 : 10), 0);
}

/** Whether a path matches a react-router pattern (`:param`, `:param?`, `*`); the browser script carries this very function (its source). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const parts = pattern.split("/").filter(Boolean);
  const segments = pathname.split("/").filter(Boolean);
  let at = 0;
  for (const part of parts) {
    if (part === "*") return true;
    if (part.endsWith("?")) {
      if (at < segments.length) at += 1;
      continue;
    }
    const segment = segments[at];
    if (segment === undefined) return false;
    if (!part.startsWith(":") && decodeURIComponent(segment) !== part) return false;
    at += 1;
  }
  return at === segments.length;
}

/**
 * The browser script: the table, the matcher above and the <link> tags, for the first path and then
 * for each screen the SPA moves to (`window.__darsPreload`); a few hundred bytes plus the table.
 */
export function preloadScript(files: string[], table: Array<[pattern: string, files: number[]]>): string {
  // Chunks are all "assets/<name>.js": only the names are written.
  const names = files.map((file) => {
    if (!/^assets\/[^/]+\.js$/.test(file)) throw new Error(`route-preload: unexpected chunk file ${file}`);
    return file.slice("assets/".length, -".js".length);
  });
  return [
    "// Generated at build by web/build/route-preload.ts: preloads a screen's chunks beside the entry, and on each navigation.",
    `const files=${JSON.stringify(names)};`,
    `const table=${JSON.stringify(table)};`,
    `const matches=${matchesPattern.toString()};`,
    "const done=new Set();",
    "const preload=(path)=>{const hit=table.find(([pattern])=>matches(pattern,path));if(hit)for(const file of hit[1]){if(done.has(file))continue;done.add(file);const link=document.createElement('link');link.rel='modulepreload';link.href='/assets/'+files[file]+'.js';document.head.append(link);}};",
    // The SPA calls it when it moves to another screen (web/src/app/app-routes.tsx).
    "window.__darsPreload=preload;",
    "preload(location.pathname);",
    "",
  ].join("\n");
}
