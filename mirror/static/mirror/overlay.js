/* Keeps the overlay current: polls its JSON every 3 s with the last answer's ETag (a 304 while
 * nothing changed) and updates names, heroes, records, score; the clock counts down here between
 * answers, from the last answer's remaining time. */
(function () {
  "use strict";
  var url = document.body.getAttribute("data-overlay-url");
  var etag = null;
  var last = null;
  var receivedAt = 0;
  function fmt(s) { s = Math.max(0, Math.round(s)); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); }
  function clockText(d) {
    var c = d.clock || {};
    if (c.remaining_seconds === null || c.remaining_seconds === undefined || !c.duration_seconds) return "";
    var r = c.remaining_seconds;
    if (c.state === "running") r -= (performance.now() - receivedAt) / 1000;
    return " · " + (r <= 0 && c.state === "running" ? "TIME" : fmt(r));
  }
  function apply(d) {
    [0, 1].forEach(function (i) {
      var side = document.querySelector('[data-side="' + i + '"]');
      var p = (d.players || [])[i] || {};
      side.querySelector(".name").textContent = p.name || "";
      side.querySelector(".hero").textContent = p.hero || "";
      side.querySelector(".rec").textContent = p.record || "";
    });
    document.querySelector("[data-score]").textContent = d.score || "";
    document.body.setAttribute("data-updated", String(Date.now()));
    tick();
  }
  function tick() {
    if (!last) return;
    document.querySelector("[data-clock]").textContent = last.table_name + " · R" + (last.round || "") + clockText(last);
  }
  function poll() {
    var headers = { Accept: "application/json" };
    if (etag && last) headers["If-None-Match"] = etag;
    fetch(url, { headers: headers, cache: "no-store" })
      .then(function (r) {
        if (r.status === 304) return null;
        if (!r.ok) throw new Error(r.status);
        etag = r.headers.get("ETag");
        return r.json();
      })
      .then(function (d) {
        if (d === null) return;
        last = d;
        receivedAt = performance.now();
        apply(d);
      })
      .catch(function () {});
  }
  poll();
  window.setInterval(poll, 3000);
  window.setInterval(tick, 500);
})();
