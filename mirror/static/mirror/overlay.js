/* Keeps the overlay current: polls its JSON every 3 s and updates names, heroes, records, score. */
(function () {
  "use strict";
  var url = document.body.getAttribute("data-overlay-url");
  function fmt(s) { s = Math.max(0, Math.round(s)); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); }
  function apply(d) {
    [0, 1].forEach(function (i) {
      var side = document.querySelector('[data-side="' + i + '"]');
      var p = (d.players || [])[i] || {};
      side.querySelector(".name").textContent = p.name || "";
      side.querySelector(".hero").textContent = p.hero || "";
      side.querySelector(".rec").textContent = p.record || "";
    });
    document.querySelector("[data-score]").textContent = d.score || "";
    var c = d.clock || {};
    var time = c.remaining_seconds === null || c.remaining_seconds === undefined ? "" : " · " + fmt(c.remaining_seconds);
    document.querySelector("[data-clock]").textContent = d.table_name + " · R" + (d.round || "") + time;
    document.body.setAttribute("data-updated", String(Date.now()));
  }
  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(apply)
      .catch(function () {});
  }
  poll();
  window.setInterval(poll, 3000);
})();
