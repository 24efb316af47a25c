/* New-event form: each setting the rules give (tier, REL, round length, decklists, ...) shows
 * the value it will take, "From the rules: Competitive", following the game, event type,
 * format and REL chosen so far. The values come from the server (services.rule_defaults), so
 * the page and the event created agree. Without JavaScript the blank choices still mean "from
 * the rules" and the service fills them in.
 */
(function () {
  "use strict";
  var form = document.querySelector("form[data-rule-defaults]");
  if (!form) return;
  var DRIVERS = ["game", "format", "event_type", "rel", "trp_version"];
  var pending = 0;

  function field(name) {
    return form.elements.namedItem(name);
  }

  function show(name, info) {
    var el = field(name);
    if (!el) return;
    if (el instanceof HTMLSelectElement) {
      var blank = el.querySelector("option[value=''], option[value='unknown']");
      if (!blank) return;
      if (!blank.dataset.rule) blank.dataset.rule = blank.textContent;
      // Keep the rule's citation ("(TR&P App A)"), drop what only said where the value comes from.
      var rule = blank.dataset.rule
        .replace(/^From the rules:?\s*/, "")
        .replace(/^\(by [^)]*\)$/, "")
        .replace(/^by [^(]*/, "")
        .trim();
      blank.textContent = "From the rules: " + info.label + (rule ? " " + rule : "");
    } else if (el instanceof HTMLInputElement) {
      el.placeholder = info.label + " (from the rules)";
    }
  }

  function refresh() {
    var params = new URLSearchParams();
    DRIVERS.forEach(function (name) {
      var el = field(name);
      if (el && el.value && el.value !== "unknown") params.set(name, el.value);
    });
    var ticket = ++pending;
    fetch(form.dataset.ruleDefaults + "?" + params.toString(), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        if (!answer || ticket !== pending) return;
        Object.keys(answer).forEach(function (name) { show(name, answer[name]); });
      })
      .catch(function () {});
  }

  form.addEventListener("change", function (event) {
    var el = event.target;
    if (el && DRIVERS.indexOf(el.name) !== -1) refresh();
  });
  refresh();
})();
