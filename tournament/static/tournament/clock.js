/* Projector clock: the server is the authority, the browser only interpolates.
 *
 * Polls <... data-clock-url> for {state, round, remaining_seconds} every few
 * seconds and counts down locally between polls, so a reload or a server
 * restart never loses time: the next poll simply resynchronises. Polls carry
 * the last answer's ETag; a 304 means "keep counting".
 */
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

  function format(seconds) {
    var s = Math.max(0, Math.round(seconds));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var r = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m));
    return (h ? h + ":" : "") + mm + ":" + String(r).padStart(2, "0");
  }

  function Clock(root) {
    this.root = root;
    this.url = root.getAttribute("data-clock-url");
    this.pollMs = parseInt(root.getAttribute("data-poll-ms") || "5000", 10);
    this.display = root.querySelector("[data-clock-display]");
    this.stateEl = root.querySelector("[data-clock-state]");
    this.roundEl = root.querySelector("[data-clock-round]");
    this.snapshot = null;
    this.receivedAt = 0;
    this.failures = 0;
  }

  Clock.prototype.remaining = function () {
    if (!this.snapshot) return null;
    var r = this.snapshot.remaining_seconds;
    if (r === null || r === undefined) return null;
    if (this.snapshot.state === "running") {
      r -= (performance.now() - this.receivedAt) / 1000;
    }
    return Math.max(0, r);
  };

  Clock.prototype.render = function () {
    var snap = this.snapshot;
    if (!snap) return;
    var remaining = this.remaining();
    var state = snap.state;
    if (state === "running" && remaining !== null && remaining <= 0) state = "finished";
    // A round whose results all came in before time stops its clock: that is not "time".
    if (state === "finished" && snap.time_called === false && remaining !== null && remaining > 0) state = "complete";
    this.root.setAttribute("data-state", state);
    if (this.display) {
      // A play-off round has no time limit (TR&P 3.1): say so rather than show empty bars.
      var idle = snap.untimed ? text("untimed") : "--:--";
      this.display.textContent = remaining === null ? idle : (state === "finished" ? text("time") : format(remaining));
    }
    if (this.stateEl) this.stateEl.textContent = snap.state_label || state.replace("_", " ");
    if (this.roundEl) this.roundEl.textContent = snap.round ? (snap.round_title || text("round_n", { n: snap.round })) : "";
  };

  Clock.prototype.poll = function () {
    var self = this;
    // With the last answer's ETag the server answers 304 while nothing changed that this page
    // cannot count down by itself: the snapshot stays, and so does the time it was received.
    var headers = { Accept: "application/json" };
    if (this.etag && this.snapshot) headers["If-None-Match"] = this.etag;
    fetch(this.url, { headers: headers, cache: "no-store" })
      .then(function (resp) {
        if (resp.status === 304) return null;
        if (!resp.ok) throw new Error("HTTP " + resp.status);
        self.etag = resp.headers.get("ETag");
        return resp.json();
      })
      .then(function (data) {
        if (data === null) {
          self.failures = 0;
          self.root.removeAttribute("data-offline");
          return;
        }
        self.snapshot = data;
        self.receivedAt = performance.now();
        self.failures = 0;
        self.root.removeAttribute("data-offline");
        // A wall screen reloads when a new round is published and, if it shows what a round's
        // end changes (data-reload-on-round-status: standings), when the round's status changes.
        // A little later than at once: the version of the page the server remembers for pollers
        // (a few seconds, core.middleware.KnownVersions) is then the new one.
        var status = String(data.round) + "/" + String(data.round_status);
        var changed = String(data.round) !== self.root.getAttribute("data-round") ||
          (self.root.hasAttribute("data-reload-on-round-status") && self.seenStatus && status !== self.seenStatus);
        self.seenStatus = status;
        if (self.roundEl && changed) {
          self.root.setAttribute("data-round", String(data.round));
          if (self.root.hasAttribute("data-reload-on-new-round") && self.seenRound && !self.reloading) {
            self.reloading = true;
            window.setTimeout(function () { window.location.reload(); }, 2500);
          }
        }
        // Only a change seen after the first answer reloads (the page was built for that one).
        self.seenRound = true;
        self.render();
      })
      .catch(function () {
        self.failures += 1;
        self.root.setAttribute("data-offline", "true");
      })
      .then(function () {
        var delay = Math.min(self.pollMs * Math.pow(2, self.failures), 60000);
        window.setTimeout(function () { self.poll(); }, delay);
      });
  };

  Clock.prototype.start = function () {
    var self = this;
    this.poll();
    window.setInterval(function () { self.render(); }, 250);
  };

  /* Slowly scroll a long pairings list, pausing at each end, for the projector. */
  function autoScroll(box) {
    var speed = parseFloat(box.getAttribute("data-autoscroll") || "30"); // px per second
    var pauseMs = 4000;
    var direction = 1;
    var pausedUntil = performance.now() + pauseMs;
    var last = performance.now();
    var pos = 0;
    function step(now) {
      var dt = (now - last) / 1000;
      last = now;
      var max = box.scrollHeight - box.clientHeight;
      if (max > 0 && now >= pausedUntil) {
        pos += direction * speed * dt;
        if (pos >= max) { pos = max; direction = -1; pausedUntil = now + pauseMs; }
        if (pos <= 0) { pos = 0; direction = 1; pausedUntil = now + pauseMs; }
        box.scrollTop = pos;
      }
      window.requestAnimationFrame(step);
    }
    window.requestAnimationFrame(step);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-clock-url]").forEach(function (el) { new Clock(el).start(); });
    document.querySelectorAll("[data-autoscroll]").forEach(autoScroll);
  });

  window.ArbiterClock = { format: format };
})();
