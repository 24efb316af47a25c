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

  // The page's words, in its language (core/js_strings.py, {% js_strings %}).
  function text(key, values) {
    var block = document.getElementById("js-strings");
    var words = block ? JSON.parse(block.textContent)[key] || "" : "";
    return words.replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  function field(name) {
    return form.elements.namedItem(name);
  }

  function show(name, info) {
    var el = field(name);
    if (!el) return;
    if (el instanceof HTMLSelectElement) {
      var blank = el.querySelector("option[value=''], option[value='unknown']");
      if (!blank) return;
      if (!blank.dataset.rule) {
        // Keep the rule's citation ("(TR&P App A)"), in any language; the words around it are
        // the page's own ("From the rules: ...").
        var cited = blank.textContent.match(/\((?:TR&P|CR|PPG|GA)[^)]*\)\s*$/);
        blank.dataset.rule = cited ? cited[0].trim() : "";
      }
      var value = info.label + (blank.dataset.rule ? " " + blank.dataset.rule : "");
      blank.textContent = text("from_rules", { value: value });
    } else if (el instanceof HTMLInputElement) {
      el.placeholder = text("from_rules_placeholder", { value: info.label });
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
