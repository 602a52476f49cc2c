// The lesson's first screen as plain HTML (sq_edu/pages/first_plain.py drew it in the kernel;
// index.html.j2 put it just before this script). Shown at once, outside Voila's hidden cells;
// its cards take picks as hand.js does (plain_picks.js, included before this). When the
// live widgets are drawn, each pick is handed to the live card of the same position (a click
// on it: hand.js sends it to Python as any pick), only if the live hand holds the same cards;
// then this screen goes and the live one is shown. Nothing the child picked is lost.
(function () {
  "use strict";
  var box = document.currentScript.previousElementSibling;
  if (!box || box.id !== "sq-first" || document.getElementById("sq-first-shown")) return;
  box.id = "sq-first-shown";
  var spinner = document.getElementById("loading");
  document.body.insertBefore(box, spinner || document.body.firstChild);
  document.body.classList.add("sq-first-on");
  var touch = window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches;
  var hands = Array.prototype.map.call(box.querySelectorAll(".sq-answer-cards .sq-hand-row"),
    function (row) {
      var help = row.parentElement.querySelector(".sq-hand-help");
      if (touch && help && help.dataset.touch) help.textContent = help.dataset.touch;
      var names = JSON.parse(row.dataset.names || "[]");
      var hand = sqPlainPicks(row, names, Number(row.dataset.max || 0));
      hand.row = row;
      hand.names = names;
      return hand;
    });
  window.sqFirstPlain = {hands: hands, later: later};   // for the footer, tests, `bench phone`
  var cells = document.getElementById("rendered_cells");
  function cardNames(row) {
    return Array.prototype.map.call(row.querySelectorAll("button[data-index] .sq-card-name"),
      function (name) { return name.textContent.replace(/^\d+: /, ""); });
  }
  function handOver(liveRows) {
    var focused = -1;
    hands.forEach(function (hand, h) {
      var live = liveRows[h];
      var fresh = live && cardNames(live).join("\n") === hand.names.map(function (n) {
        return n[1];
      }).join("\n");
      if (hand.row.contains(document.activeElement)) {
        focused = Number(document.activeElement.dataset.index);
      }
      if (!fresh) return;   // another task: there is nothing of this one to keep
      hand.picked.forEach(function (i) {
        // hand.js redraws its row after each pick: the button is looked up again each time
        var button = live.querySelectorAll("button[data-index]")[i];
        if (button) button.click();
      });
      if (focused >= 0 && live.querySelectorAll("button[data-index]")[focused]) {
        live.querySelectorAll("button[data-index]")[focused].focus();
      }
    });
    box.remove();
    document.body.classList.remove("sq-first-on");
    window.sqFirstPlain.handedOver = true;
  }
  // JupyterLab's script (voila.js and its ~70 chunks) keeps a phone's main thread busy for
  // seconds, and a tap waited behind it (issue #44). So the page's footer hands voila.js here,
  // and it starts when plain_picks.js `sqAfterPicks` says. Voila's script starts its work on
  // the window's load event: a listener it adds after that event has passed is called at once
  // (it would never be called otherwise).
  function later(src) {
    sqAfterPicks(box, function () {
      if (document.readyState === "complete") {
        var add = window.addEventListener;
        window.addEventListener = function (type, listener) {
          if (type !== "load") return add.apply(this, arguments);
          setTimeout(function () {
            var event = new Event("load");
            if (typeof listener === "function") listener.call(window, event);
            else if (listener && listener.handleEvent) listener.handleEvent(event);
          }, 0);
        };
      }
      var script = document.createElement("script");
      script.src = src;
      document.body.appendChild(script);
    });
  }
  // Voila shows its cells (display) when its script has run; the widgets are drawn in them
  // after that. An app without the hand (an error, another page) takes over after 15 s.
  var shownAt = 0;
  var watch = setInterval(function () {
    if (!cells || cells.style.display === "none") return;
    shownAt = shownAt || Date.now();
    var liveRows = cells.querySelectorAll(".sq-answer-cards .sq-hand-row");
    var drawn = liveRows.length >= hands.length &&
      (!hands.length || liveRows[0].querySelector("button[data-index]"));
    if (!drawn && Date.now() - shownAt < 15000 &&
        !cells.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')) return;
    clearInterval(watch);
    handOver(drawn ? liveRows : []);
  }, 50);
})();
