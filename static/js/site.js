// Small behaviours that would otherwise be inline handlers (the Content-Security-Policy allows
// scripts from this site only): a form with data-confirm asks before it is sent; a select with
// data-autosubmit sends its form when it changes; a wide table that scrolls sideways in its box
// can be reached and scrolled with the keyboard.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
});
document.addEventListener("change", function (event) {
  var el = event.target;
  if (el instanceof HTMLSelectElement && el.hasAttribute("data-autosubmit") && el.form) {
    el.form.submit();
  }
});
// A button with data-print opens the browser's print dialog.
document.addEventListener("click", function (event) {
  var el = event.target;
  if (el instanceof HTMLElement && el.closest("[data-print]")) {
    window.print();
  }
});
// Logging out forgets the copies of the player's pages the service worker kept for offline use
// (notifications/sw.js): a borrowed phone keeps nothing of its last user.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form instanceof HTMLFormElement && /\/accounts\/logout\/$/.test(form.action) && window.caches) {
    window.caches.delete("arbiter-player-v1");
  }
});
// The page's words for the scripts, in its language (core/js_strings.py, {% js_strings %}).
function siteText(key, values) {
  var block = document.getElementById("js-strings");
  var words = block ? JSON.parse(block.textContent)[key] || "" : "";
  return words.replace(/%\((\w+)\)s/g, function (all, name) {
    return values && name in values ? String(values[name]) : all;
  });
}
// A .table-wrap whose table is wider than the screen scrolls sideways: it becomes a named,
// focusable region (arrow keys scroll it) while it does, and stops being a tab stop when it fits.
function markScrollableTables() {
  var used = {};
  document.querySelectorAll(".table-wrap[data-scroll-region]").forEach(function (wrap) {
    used[wrap.getAttribute("aria-label")] = true;
  });
  document.querySelectorAll(".table-wrap").forEach(function (wrap) {
    var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    if (scrolls && !wrap.hasAttribute("tabindex")) {
      var table = wrap.querySelector("table");
      var caption = table && table.caption ? table.caption.textContent.trim() : "";
      var section = wrap.closest("section, details, main");
      var heading = section && section.querySelector("h1, h2, h3, summary");
      wrap.setAttribute("tabindex", "0");
      wrap.setAttribute("role", "region");
      var name = caption || (heading && heading.textContent.trim()) || siteText("table");
      var label = siteText("scrolls", { name: name });
      for (var n = 2; used[label]; n++) label = siteText("scrolls_nth", { name: name, n: n });
      used[label] = true;
      wrap.setAttribute("aria-label", label);
      wrap.dataset.scrollRegion = "1";
    } else if (!scrolls && wrap.dataset.scrollRegion) {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
      delete wrap.dataset.scrollRegion;
    }
  });
}
document.addEventListener("DOMContentLoaded", function () { markScrollableTables(); });
window.addEventListener("resize", function () { markScrollableTables(); });
document.addEventListener("htmx:afterSettle", function () { markScrollableTables(); });
