// Web push on the device (docs/rules.md, "Notifications: channels, preferences, quiet hours"):
// plain JavaScript the service worker imports (/sw.js: importScripts("/sw-push.js")), and a
// worker of its own where there is no other. Each push carries the JSON payload the Worker
// writes (worker/notifications/push.ts): { title, body, url, tag }. A tap focuses a tab already
// on that page, or opens it.
/* global self, clients */

const DEFAULT_TITLE = "درس";

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/";
  event.waitUntil(
    self.registration.showNotification(typeof data.title === "string" && data.title ? data.title : DEFAULT_TITLE, {
      body: typeof data.body === "string" ? data.body : "",
      dir: "rtl",
      lang: "ar-EG",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: typeof data.tag === "string" && data.tag ? data.tag : undefined,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil(
    clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (open) return open.focus();
      const any = windows.find((client) => new URL(client.url).origin === target.origin);
      if (any && "navigate" in any) return any.focus().then((client) => client.navigate(target.href));
      return clients.openWindow(target.href);
    }),
  );
});
