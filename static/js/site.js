// Small behaviours that would otherwise be inline handlers (the Content-Security-Policy allows
// scripts from this site only): a form with data-confirm asks before it is sent; a select with
// data-autosubmit sends its form when it changes.
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
