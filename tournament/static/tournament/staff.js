/* Staff dashboard helpers.
 *
 * Quick result entry: "<table> <result>" then Enter. The form posts with fetch,
 * shows the answer in a live region, clears the field and keeps focus in it, so
 * a scorekeeper can type results slip after slip without touching the mouse.
 * Without JavaScript the same form posts normally and the page comes back with
 * the field focused (autofocus).
 *
 * An error line names its table while that table is outstanding, and goes away once the table
 * has a result (typed again here, or reported by a player or another staff member: the live
 * part of the page, polled through htmx, no longer lists it as outstanding).
 *
 * Buttons in forms marked data-once are disabled on the first submit so a
 * double click cannot send the same request twice (the server is safe too).
 */
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

  function csrfToken(form) {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function outstandingRow(table) {
    return document.querySelector("[data-outstanding-table='" + table + "']");
  }

  // Error lines of tables that are no longer outstanding (or of ``table``) are fixed: remove them.
  function clearErrors(table) {
    document.querySelectorAll("[data-error-table]").forEach(function (li) {
      var t = li.getAttribute("data-error-table");
      if (t === table || !outstandingRow(t)) li.remove();
    });
  }

  function quickEntry(form) {
    var field = form.querySelector("input[name=entry]");
    var log = document.getElementById(form.getAttribute("data-log") || "quick-entry-log");
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var value = field.value.trim();
      if (!value) { field.focus(); return; }
      var body = new FormData(form);
      fetch(form.action, {
        method: "POST",
        body: body,
        headers: { "X-Requested-With": "fetch", Accept: "application/json", "X-CSRFToken": csrfToken(form) },
        credentials: "same-origin",
      })
        .then(function (resp) { return resp.json().then(function (data) { return { ok: resp.ok, data: data }; }); })
        .then(function (r) {
          var li = document.createElement("li");
          li.className = "message " + (r.ok ? "success" : "error");
          li.textContent = r.data.message || (r.ok ? text("saved") : text("error"));
          if (!r.ok) li.textContent = "\u201c" + value + "\u201d: " + li.textContent;
          if (log) log.insertBefore(li, log.firstChild);
          var table = (value.match(/^\s*(\d+)/) || [])[1];
          if (!r.ok && table && outstandingRow(table)) li.setAttribute("data-error-table", table);
          if (r.ok) {
            clearErrors(String(r.data.table));
            field.value = "";
            var row = document.querySelector("[data-outstanding-table='" + r.data.table + "']");
            if (row) row.remove();
            var counter = document.querySelector("[data-outstanding-count]");
            if (counter && typeof r.data.outstanding === "number") counter.textContent = r.data.outstanding;
          } else {
            field.select();
          }
        })
        .catch(function () {
          var li = document.createElement("li");
          li.className = "message error";
          li.textContent = text("network_error");
          if (log) log.insertBefore(li, log.firstChild);
        })
        .then(function () { field.focus(); });
    });
  }

  document.body.addEventListener("htmx:afterSettle", function () { clearErrors(null); });

  // "Accept the report" in the outstanding list: the scorekeeper takes a lone player's report as
  // the result (the rows are shared, cached HTML, so the address and the CSRF token come from
  // the page around them). The next poll of the live part shows the table gone.
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-accept-report]") : null;
    if (!button) return;
    var table = button.closest("table[data-accept-url]");
    var token = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (!table || !token) return;
    button.disabled = true;
    var body = new URLSearchParams();
    body.set("match", button.getAttribute("data-accept-report"));
    fetch(table.getAttribute("data-accept-url"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", Accept: "application/json", "X-CSRFToken": token.value },
      body: body,
    })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        var log = document.getElementById("quick-entry-log");
        if (log) {
          var li = document.createElement("li");
          li.textContent = answer.message || "";
          li.className = answer.ok ? "ok" : "error";
          log.prepend(li);
        }
        var row = button.closest("tr");
        if (answer.ok && row) row.remove();
        else button.disabled = false;
      })
      .catch(function () { button.disabled = false; });
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-quick-entry]").forEach(quickEntry);
    document.querySelectorAll("form[data-once]").forEach(function (form) {
      form.addEventListener("submit", function () {
        if (form.getAttribute("data-submitted")) return;
        form.setAttribute("data-submitted", "true");
        // Disable after the submit event has captured the button's name/value.
        window.setTimeout(function () {
          form.querySelectorAll("button, input[type=submit]").forEach(function (b) { b.disabled = true; });
        }, 0);
      });
    });
  });
})();
