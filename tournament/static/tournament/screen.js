/* Wall screens: the rows flow into columns as wide as the screen allows (CSS); when they need
 * more width than the screen has, the screen shows one screenful ("page") at a time and turns to
 * the next every data-seconds. window.arbiterScreen exposes the pages for tests and for an
 * operator's keyboard (arrow keys turn pages). The screen is kept current by its clock's poll
 * (clock.js): a new round, or for standings the round's end, reloads it. */
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
  var body = document.body;
  var viewport = document.querySelector("[data-screen-viewport]");
  var columns = document.querySelector("[data-screen-columns]");
  var label = document.querySelector("[data-screen-page]");
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
    if (label) label.textContent = total > 1 ? text("page_of", { page: page + 1, total: total }) : "";
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
