// Poll a decklist job until it is done, then reload to show the result.
(function () {
  "use strict";
  const el = document.getElementById("job-status");
  if (!el || el.dataset.status === "done" || el.dataset.status === "failed") return;
  const bar = el.querySelector("progress");
  const label = el.querySelector(".label");
  const timer = setInterval(() => {
    fetch(el.dataset.url, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((job) => {
        bar.value = job.percent;
        label.textContent = job.status + ": " + job.done + " / " + job.total;
        if (job.status === "done" || job.status === "failed") {
          clearInterval(timer);
          window.location.reload();
        }
      })
      .catch(() => clearInterval(timer));
  }, 1000);
})();
