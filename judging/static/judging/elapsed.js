// Deck-check timer: minutes and seconds since the deck was collected (the server keeps the real times).
(function () {
  var el = document.getElementById("elapsed");
  if (!el || !el.dataset.started) return;
  var started = Date.parse(el.dataset.started);
  function tick() {
    var s = Math.max(0, Math.floor((Date.now() - started) / 1000));
    el.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  tick();
  setInterval(tick, 1000);
})();
