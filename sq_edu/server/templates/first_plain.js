// The lesson's first screen as plain HTML (sq_edu/pages/first_plain.py drew it in the kernel;
// index.html.j2 put it just before this script). Shown at once, outside Voila's hidden cells;
// its cards are drawn and take picks by hand.js itself (first_plain.py put it in). When the
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
  // The kit's widgets (the cards, sound, "For grown-ups", "Read aloud") are drawn by their own
  // anywidget module (first_plain.py `RENDERED`), with a model that holds the saved state
  // and keeps what the child does; only the cards take taps until the live page is here.
  function plainModel(state) {
    var heard = {};
    return {
      get: function (key) { return state[key]; },
      set: function (key, value) {
        state[key] = value;
        (heard["change:" + key] || []).forEach(function (call) { call(); });
      },
      on: function (name, call) { (heard[name] = heard[name] || []).push(call); },
      send: function () {},
      save_changes: function () {},
    };
  }
  var views = window.sqPlainViews || {};
  var hands = [];
  Array.prototype.forEach.call(box.querySelectorAll("[data-sq-render]"), function (el) {
    var render = views[el.dataset.sqRender];
    if (!render) return;
    var saved = el.querySelector('script[type="application/json"]');
    var model = plainModel(JSON.parse(saved ? saved.textContent : "{}"));
    if (saved) saved.remove();
    try { render({model: model, el: el}); } catch (error) {   // the live page draws it
      console.warn("sq_edu: plain first screen:", error);
      return;
    }
    if (el.classList.contains("sq-answer-cards")) {
      hands.push({model: model, row: el.querySelector(".sq-hand-row")});
    } else {
      Array.prototype.forEach.call(el.querySelectorAll("button"), function (button) {
        button.disabled = true;
      });
    }
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
      var fresh = live && cardNames(live).join("\n") === hand.model.get("cards").map(
        function (card) { return card.label_off; }).join("\n");
      if (hand.row.contains(document.activeElement)) {
        focused = Number(document.activeElement.dataset.index);
      }
      if (!fresh) return;   // another task: there is nothing of this one to keep
      hand.model.get("selected").forEach(function (i) {
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
