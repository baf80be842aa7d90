// The SPA's entry. It first sends a signed-in first screen's GETs (web/src/first-screen-requests.ts),
// then starts the app in two script tasks instead of one: React's DOM renderer is
// evaluated here, the app (web/src/boot.tsx: router, queries, session, layout) in the next task.
// Evaluated together they were one task of 200–400 ms on a phone, while the visitor already
// saw the prerendered page and could not use it (total blocking time: docs/performance.md). The boot chunk
// downloads with this one: the Worker and index.html list it as a modulepreload
// (web/build/route-preload.ts).
import "./styles.css";
import { rememberPageLinkSource } from "./features/marketing/link-source";
// First, before React is evaluated: a signed-in first screen's data is asked for now.
import "./first-screen-requests";
import "react-dom/client";

// A short link's ?src= is kept now, not when the app's chunk has loaded: a visitor may go on first.
rememberPageLinkSource();

await new Promise((resolve) => setTimeout(resolve, 0));
await import("./boot");
