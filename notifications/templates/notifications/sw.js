// Arbiter's service worker (issue 29, docs/push.md): keeps the player's own page and its styles
// for when the network is gone (network first, the last copy when offline), shows the push
// messages the server sends, and opens the page a message names when it is tapped.
"use strict";
var CACHE = "arbiter-player-v1";
var ICON = "{{ icon|escapejs }}";
var STATIC = [{% for url in offline_static %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(STATIC); })
      .catch(function () { return null; })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

// The player's own pages: their event page (with an account or the private link) and their
// decklists, as last seen.
function isPlayerPage(url) {
  return /^\/events\/[^/]+\/(me|phone\/[^/]+)\/$/.test(url.pathname) || /^\/decklists\/\d+\/$/.test(url.pathname);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (!isPlayerPage(url) && STATIC.indexOf(url.pathname) < 0) { return; }
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(url.pathname, { ignoreVary: true, ignoreSearch: true }).then(function (kept) {
        return kept || Response.error();
      });
    })
  );
});

function sameSite(path) {
  try {
    var url = new URL(path || "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + "/";
  } catch (e) {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { title: "Arbiter", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Arbiter", {
      body: data.body || "",
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: ICON,
      badge: ICON,
      data: { url: sameSite(data.url) }
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = sameSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === target && "focus" in windows[i]) { return windows[i].focus(); }
      }
      return self.clients.openWindow(target);
    })
  );
});
