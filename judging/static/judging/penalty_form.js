/* The penalty form: the Situation list shows only the chosen infraction's situations.
 *
 * The server groups the situations under each infraction's name, written exactly as the
 * infraction list shows it; without JavaScript the groups stay, and after "Show
 * recommendation" the server sends only the chosen infraction's situations.
 */
(function () {
  "use strict";
  var form = document.getElementById("penalty-form");
  if (!form) return;
  var infraction = form.querySelector("select[name=infraction]");
  var variant = form.querySelector("select[name=variant]");
  if (!infraction || !variant) return;
  var groups = Array.prototype.slice.call(variant.querySelectorAll("optgroup"));

  function follow() {
    var chosen = infraction.selectedIndex > 0 ? infraction.options[infraction.selectedIndex].text : "";
    groups.forEach(function (group) {
      var shown = !chosen || group.label === chosen;
      group.hidden = !shown;
      group.disabled = !shown;
      if (!shown && group.contains(variant.options[variant.selectedIndex])) variant.selectedIndex = 0;
    });
  }

  infraction.addEventListener("change", follow);
  follow();
})();
