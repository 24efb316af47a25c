// The player's page updates itself (issue 29): it asks the server every few seconds whether
// anything about the player's own match changed (a small JSON answer, 304 while nothing did),
// reloads its own part when it did, and when something needs the player (new pairings, a result
// to confirm, time called) shows a banner, changes the tab's title and beeps. Browsers play a
// sound only after the page was touched once, so the first tap anywhere unlocks it.
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
  var live = document.getElementById("player-live");
  if (!live || !window.fetch) { return; }
  var stateUrl = live.dataset.stateUrl;
  var banner = document.getElementById("attention");
  var baseTitle = document.title;
  var etag = null;
  var version = null;
  var attention = null;
  var audio = null;
  var EVERY = 3000;

  function unlock() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) { audio = new Context(); }
    if (audio && audio.state === "suspended") { audio.resume(); }
  }
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);

  function beep() {
    if (!audio || audio.state !== "running") { return; }
    [0, 0.25].forEach(function (start) {
      var tone = audio.createOscillator();
      var gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.25, audio.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.2);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start(audio.currentTime + start);
      tone.stop(audio.currentTime + start + 0.2);
    });
  }

  function raise(words) {
    banner.textContent = words;
    banner.hidden = false;
    document.title = "(!) " + words;
    beep();
    if (navigator.vibrate) { navigator.vibrate([200, 100, 200]); }
  }

  banner.addEventListener("click", function () {
    banner.hidden = true;
    document.title = baseTitle;
  });

  function busy() {
    // Never pull the page from under a player who is filling in their result.
    var active = document.activeElement;
    if (active && live.contains(active) && active.form) { return true; }
    return Boolean(live.querySelector("form input[type=radio]:checked"));
  }

  function setUpdated(text) {
    var line = live.querySelector("[data-last-updated]");
    if (line) { line.dataset.state = text ? "offline" : ""; }
    var note = live.querySelector("[data-offline-note]");
    if (!note && line && text) {
      note = document.createElement("span");
      note.setAttribute("data-offline-note", "");
      line.appendChild(note);
    }
    if (note) { note.textContent = text; }
  }

  function refresh() {
    return fetch(window.location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html || busy()) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("player-live");
        if (fresh) {
          live.innerHTML = fresh.innerHTML;
          if (typeof window.markScrollableTables === "function") { window.markScrollableTables(); }
        }
      });
  }

  function poll() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(stateUrl, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(String(response.status)); }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (state) {
        setUpdated("");
        if (!state) { return; }
        var changed = version !== null && state.version !== version;
        if (attention !== null && state.attention && state.attention !== attention) { raise(state.words); }
        version = state.version;
        attention = state.attention;
        if (changed) { return refresh(); }
      })
      .catch(function () {
        setUpdated(" · " + text("offline"));
      })
      .then(function () { window.setTimeout(poll, EVERY); });
  }
  poll();
})();
