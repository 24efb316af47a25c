// The reconstruction page: buttons insert notation at the cursor; card names autocomplete from the
// players' decklists first, then the card database (GET .../cards/?q=).
(function () {
  const lines = document.getElementById("lines");
  if (!lines) return;
  function insert(text) {
    const start = lines.selectionStart ?? lines.value.length;
    const end = lines.selectionEnd ?? lines.value.length;
    lines.value = lines.value.slice(0, start) + text + lines.value.slice(end);
    const at = start + text.length;
    lines.focus();
    lines.setSelectionRange(at, at);
  }
  document.querySelectorAll(".quick-btn").forEach((btn) => {
    btn.addEventListener("click", () => insert(btn.dataset.insert.replace(/\\n/g, "\n")));
  });
  const q = document.getElementById("card-q");
  const list = document.getElementById("card-names");
  let timer = null;
  q.addEventListener("input", () => {
    clearTimeout(timer);
    const text = q.value.trim();
    if (text.length < 2) return;
    timer = setTimeout(async () => {
      const resp = await fetch(q.dataset.url + "?q=" + encodeURIComponent(text), { credentials: "same-origin" });
      if (!resp.ok) return;
      const data = await resp.json();
      list.replaceChildren(...data.results.map((r) => {
        const o = document.createElement("option");
        o.value = r.name;
        o.label = r.source;
        return o;
      }));
    }, 150);
  });
  // a flagged manual effect: its prefilled adjustment goes into the text area without a reload
  document.querySelectorAll(".enter-outcome").forEach((link) => {
    link.addEventListener("click", (ev) => {
      ev.preventDefault();
      const text = link.dataset.adjust;
      const sep = lines.value && !lines.value.endsWith("\n") ? "\n" : "";
      lines.value += sep + text;
      lines.scrollIntoView({ block: "center" });
      lines.focus();
      const at = lines.value.length;
      lines.setSelectionRange(at, at);
    });
  });
  document.getElementById("card-add").addEventListener("click", () => {
    if (q.value.trim()) insert(q.value.trim());
    q.value = "";
  });
})();
