// Card rows: autocomplete from /api/cards/autocomplete/ and a pitch picker filled from the
// card's variants. Without JavaScript the rows still post (one row) and the text area works.
(function () {
  "use strict";
  const form = document.getElementById("decklist-form");
  if (!form) return;
  const rows = form.querySelector(".card-rows .rows");
  const list = document.getElementById("card-suggestions");
  const addButton = form.querySelector(".add-row");
  const variants = new Map();
  let timer = null;

  function fillPitch(row) {
    const name = row.querySelector(".name").value.trim().toLowerCase();
    const select = row.querySelector("select");
    const known = variants.get(name);
    if (!known) return;
    const pitches = known.map((v) => v.pitch);
    for (const option of select.options) {
      option.hidden = option.value !== "" ? !pitches.includes(Number(option.value)) : pitches.some((p) => p);
    }
    if (pitches.length === 1) select.value = pitches[0] ? String(pitches[0]) : "";
  }

  function lookup(input) {
    const q = input.value.trim();
    if (q.length < 2) return;
    fetch("/api/cards/autocomplete/?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : { results: [] }))
      .then((data) => {
        list.replaceChildren();
        for (const item of data.results || []) {
          variants.set(item.name.toLowerCase(), item.variants || []);
          const option = document.createElement("option");
          option.value = item.name;
          list.appendChild(option);
        }
        fillPitch(input.closest(".card-row"));
      })
      .catch(() => {});
  }

  rows.addEventListener("input", (e) => {
    if (!e.target.classList.contains("name")) return;
    clearTimeout(timer);
    timer = setTimeout(() => lookup(e.target), 180);
  });
  rows.addEventListener("change", (e) => {
    if (e.target.classList.contains("name")) fillPitch(e.target.closest(".card-row"));
  });
  addButton.hidden = false;
  addButton.addEventListener("click", () => {
    const row = rows.querySelector(".card-row").cloneNode(true);
    row.querySelector(".name").value = "";
    row.querySelector(".qty").value = "1";
    row.querySelector("select").value = "";
    for (const option of row.querySelector("select").options) option.hidden = false;
    rows.appendChild(row);
    row.querySelector(".name").focus();
  });
})();
