// Live call queue: reload every 30 s, but never while the judge is typing in a form.
(function () {
  var period = 30000;
  function busy() {
    var active = document.activeElement;
    if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) return true;
    var fields = document.querySelectorAll("form textarea, form input[type=number], form input[type=text]");
    for (var i = 0; i < fields.length; i++) { if (fields[i].value) return true; }
    return false;
  }
  setInterval(function () { if (!busy() && !document.hidden) window.location.reload(); }, period);
})();
