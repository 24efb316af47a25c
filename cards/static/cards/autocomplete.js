// As-you-type card name suggestions for the card search box (uses /api/cards/autocomplete/).
(function () {
  var input = document.getElementById("card-q");
  var list = document.getElementById("card-suggest");
  if (!input || !list || !window.fetch) return;
  var url = input.getAttribute("data-autocomplete");
  var timer = null, last = "";
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var q = input.value.trim();
      if (q.length < 2 || q === last) return;
      last = q;
      fetch(url + "?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : { results: [] }; })
        .then(function (data) {
          list.textContent = "";
          (data.results || []).forEach(function (item) {
            var opt = document.createElement("option");
            opt.value = item.name;
            list.appendChild(opt);
          });
        })
        .catch(function () {});
    }, 120);
  });
})();
