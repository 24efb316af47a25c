// The "On this phone" panel (issue 29, docs/push.md): says which mode is on and why, and turns
// Web Push notifications on or off for this event. Over plain HTTP (a store laptop's address on
// the local network) browsers allow neither service workers nor notifications: the page then
// relies on tournament/player.js, which polls and raises a banner, a title and a sound.
(function () {
  "use strict";
  // The page's words for this script, in its language (core/js_strings.py, {% js_strings %}).
  function text(key, values) {
    var block = document.getElementById("js-strings");
    var words = block ? JSON.parse(block.textContent)[key] || "" : "";
    return words.replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }
  var panels = document.querySelectorAll("[data-push-panel]");
  if (!panels.length) { return; }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }

  function post(url, body, panel) {
    var csrf = panel.querySelector("input[name=csrfmiddlewaretoken]");
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) { throw new Error(data.error || text("push_server_answered", { status: response.status })); }
        return data;
      });
    });
  }

  // The sentences come translated from the panel's JSON block (notifications/words.py).
  function words(panel) {
    var block = document.getElementById("push-words-" + panel.dataset.audience);
    return block ? JSON.parse(block.textContent) : {};
  }

  var ios = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  var standalone = (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches) ||
    navigator.standalone === true;
  var canWork = window.isSecureContext && "serviceWorker" in navigator;
  var canPush = canWork && "PushManager" in window && "Notification" in window;
  var worker = canWork ? navigator.serviceWorker.register("/sw.js", { scope: "/" }) : null;
  if (worker) { worker.catch(function () { return null; }); }

  Array.prototype.forEach.call(panels, function (panel) {
    var mode = panel.querySelector("[data-mode]");
    var why = panel.querySelector("[data-mode-why]");
    var controls = panel.querySelector("[data-push-controls]");
    var on = panel.querySelector("[data-push-on]");
    var off = panel.querySelector("[data-push-off]");
    var status = panel.querySelector("[data-push-status]");
    var staff = panel.dataset.audience === "staff";
    var remembered = "arbiter-push:" + panel.dataset.subscribeUrl + ":" + panel.dataset.audience;
    panel.dataset.mode = "lan";
    var W = words(panel);

    function say(what, reason) {
      mode.textContent = what;
      why.textContent = reason || "";
      // The player's page shows the mode in one line at the top too, linking to the details.
      var line = document.querySelector("[data-mode-line]");
      if (line && !staff && panel.id) {
        line.textContent = "";
        var link = document.createElement("a");
        link.href = "#" + panel.id;
        link.textContent = panel.dataset.mode === "push" ? text("mode_push_link") : text("mode_lan_link");
        line.appendChild(link);
        line.hidden = false;
      }
    }

    if (!window.isSecureContext) {
      say(staff ? text("staff_http") : text("player_http"),
        text("http_why", { host: window.location.host }) + (staff ? "" : " " + text("http_keep_open")));
      return;
    }
    if (!canPush) {
      if (ios && !standalone) {
        panel.querySelector("[data-ios-hint]").hidden = false;
        say(text("updates_itself"), "");
      } else {
        say(text("updates_itself"), text("no_push_browser"));
      }
      return;
    }
    if (!panel.dataset.key) {
      say(text("updates_itself"), text("no_push_key"));
      return;
    }
    if (panel.dataset.sends !== "1") {
      say(text("updates_itself"), text("nothing_sent"));
      return;
    }
    panel.dataset.mode = "push";
    say(staff ? text("staff_push") : text("player_push"), staff ? "" : text("player_push_offline"));
    controls.hidden = false;

    function show(subscribed, text) {
      on.hidden = subscribed;
      off.hidden = !subscribed;
      status.textContent = text || (subscribed ? text("push_on") : "");
    }

    worker.then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    }).then(function (existing) {
      show(Boolean(existing) && window.localStorage.getItem(remembered) === "on");
    }).catch(function () { show(false); });

    on.addEventListener("click", function () {
      on.disabled = true;
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") { throw new Error(text("push_blocked")); }
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        return registration.pushManager.getSubscription().then(function (existing) {
          return existing || registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(panel.dataset.key)
          });
        });
      }).then(function (subscription) {
        return post(panel.dataset.subscribeUrl, {
          subscription: subscription.toJSON(),
          audience: panel.dataset.audience,
          token: panel.dataset.token
        }, panel);
      }).then(function () {
        window.localStorage.setItem(remembered, "on");
        show(true);
      }).catch(function (error) {
        show(false, text("push_on_failed", { error: error.message }));
      }).then(function () { on.disabled = false; });
    });

    off.addEventListener("click", function () {
      navigator.serviceWorker.ready.then(function (registration) {
        return registration.pushManager.getSubscription();
      }).then(function (subscription) {
        // The browser keeps one subscription for every event: only this event's is forgotten.
        return post(panel.dataset.unsubscribeUrl, {
          endpoint: subscription ? subscription.endpoint : "",
          audience: panel.dataset.audience,
          token: panel.dataset.token
        }, panel);
      }).then(function () {
        window.localStorage.removeItem(remembered);
        show(false, text("push_off"));
      }).catch(function (error) {
        status.textContent = text("push_off_failed", { error: error.message });
      });
    });
  });
})();
