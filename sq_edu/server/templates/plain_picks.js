// Card picks on the static site's plain first screen, before the widgets' script is there
// (lite/first_plain.py, put into app.html by lite/app_build.py; the class server's runs
// hand.js itself, sq_edu/pages/first_plain.py). Taken as hand.js takes them:
// a click or tap toggles a card, a number key picks its card, the arrows move along the row.
// `labels`: each card's [picked, not picked] name; `max`: 1 when a pick drops the other.
// Returns the hand: `picked` (positions, kept up to date) for the hand-over to Python.
// `sqAfterPicks` (below, used by both plain screens; index.html.j2 includes this file) says
// when the heavy script behind such a screen may start.
function sqPlainPicks(row, labels, max) {
  const hand = { picked: [] };
  const buttons = Array.from(row.querySelectorAll("button[data-index]"));
  const draw = () => buttons.forEach((button, i) => {
    const on = hand.picked.includes(i);
    const names = labels[i] || ["", ""];
    button.classList.toggle("sq-card-selected", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.querySelector(".sq-card-name").textContent = (i < 9 ? (i + 1) + ": " : "") +
      (on ? names[0] : names[1]);
  });
  const toggle = (i) => {
    if (i < 0 || i >= buttons.length || buttons[i].disabled) return;
    const at = hand.picked.indexOf(i);
    if (at >= 0) hand.picked.splice(at, 1);
    else {
      if (max === 1) hand.picked = [];
      hand.picked.push(i);
    }
    draw();
  };
  buttons.forEach((button, i) => button.addEventListener("click", () => toggle(i)));
  row.addEventListener("keydown", (event) => {
    const here = buttons.indexOf(document.activeElement);
    const number = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1;
    if (buttons[number]) {
      buttons[number].focus();
      toggle(number);
      event.preventDefault();
    } else if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && here >= 0) {
      const next = buttons[here + (event.key === "ArrowRight" ? 1 : -1)];
      if (next) next.focus();
      event.preventDefault();
    }
  });
  return hand;
}

// The heavy start behind a plain first screen (Voila's script on the class server, Python and
// the service worker on the site) kept a phone's main thread busy for seconds, and a tap waited
// behind it (issue #44). So `start` is called once, at an idle moment, START_AFTER ms after this
// is called or, once the child picks (a click or key in `el`), AFTER_PICK ms after the last pick:
// the pick is drawn first, and a second pick a moment later is free too.
function sqAfterPicks(el, start) {
  const START_AFTER = 1500, AFTER_PICK = 500, IDLE_AT_MOST = 500;   // ms
  let timer = null;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    start();
  };
  const idle = () => (window.requestIdleCallback
    ? requestIdleCallback(go, { timeout: IDLE_AT_MOST }) : go());
  const arm = (ms) => { clearTimeout(timer); timer = setTimeout(idle, ms); };
  const picked = () => { if (!started) arm(AFTER_PICK); };
  arm(START_AFTER);
  el.addEventListener("click", picked);
  el.addEventListener("keydown", picked);
}
