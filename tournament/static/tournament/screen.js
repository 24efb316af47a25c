/* Wall screens: the rows flow into columns as wide as the screen allows (CSS); when they need
 * more width than the screen has, the screen shows one screenful ("page") at a time and turns to
 * the next every data-seconds. window.arbiterScreen exposes the pages for tests and for an
 * operator's keyboard (arrow keys turn pages). */
(function () {
  "use strict";
  var body = document.body;
  var viewport = document.querySelector("[data-screen-viewport]");
  var columns = document.querySelector("[data-screen-columns]");
  var label = document.querySelector("[data-screen-page]");
  /* The screen asks for itself every POLL_MS with its ETag: a 304 while what it shows is
   * unchanged (the server builds nothing), and a reload when the standings or pairings changed. */
  var POLL_MS = parseInt(body.getAttribute("data-poll-ms") || "10000", 10);
  var etag = body.getAttribute("data-etag");
  if (etag) {
    window.setInterval(function () {
      fetch(window.location.href, { headers: { "If-None-Match": etag }, cache: "no-store" })
        .then(function (resp) {
          if (resp.status === 200) window.location.reload();
        })
        .catch(function () {});
    }, POLL_MS);
  }

  if (!viewport || !columns) return;
  var seconds = parseInt(body.getAttribute("data-seconds") || "12", 10);
  var page = 0;

  function pageWidth() {
    var style = window.getComputedStyle(columns);
    var gap = parseFloat(style.columnGap) || 0;
    return columns.clientWidth + gap;
  }
  function pages() {
    return Math.max(1, Math.ceil((columns.scrollWidth + 1) / pageWidth()));
  }
  function show(n) {
    var total = pages();
    page = ((n % total) + total) % total;
    columns.style.transform = "translateX(" + (-page * pageWidth()) + "px)";
    if (label) label.textContent = total > 1 ? "page " + (page + 1) + " of " + total : "";
    body.setAttribute("data-page", String(page + 1));
    body.setAttribute("data-pages", String(total));
  }
  window.arbiterScreen = { pages: pages, show: show, current: function () { return page; } };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") show(page + 1);
    if (e.key === "ArrowLeft") show(page - 1);
  });
  window.addEventListener("resize", function () { show(page); });
  show(0);
  window.setInterval(function () { show(page + 1); }, seconds * 1000);
})();
