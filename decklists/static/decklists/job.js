// Poll a decklist job until it is done, then reload to show the result.
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
  const el = document.getElementById("job-status");
  if (!el || el.dataset.status === "done" || el.dataset.status === "failed") return;
  const bar = el.querySelector("progress");
  const label = el.querySelector(".label");
  const timer = setInterval(() => {
    fetch(el.dataset.url, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((job) => {
        bar.value = job.percent;
        label.textContent = text("job_progress", { status: job.status, done: job.done, total: job.total });
        if (job.status === "done" || job.status === "failed") {
          clearInterval(timer);
          window.location.reload();
        }
      })
      .catch(() => clearInterval(timer));
  }, 1000);
})();
