// HandView: one aria-pressed button per card; click, Space/Enter, number keys, arrow keys.
// Selection shows without colour: the card rises and gets a tick; the name says "selected".
// A button's name comes from its own visually hidden text, not aria-label: the key badge and
// the picture's words are visible text, and an aria-label that does not repeat them in order
// fails WCAG 2.5.3 (axe: label-content-name-mismatch). Badge, tick and picture are aria-hidden.
// A touch screen without a mouse has no number keys: its help line says "tap" (hand.css hides
// the key badges there with the same media query).

const TOUCH = "(hover: none) and (pointer: coarse)";

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "sq-hand";
  const title = document.createElement("div");
  title.className = "sq-hand-title";
  const row = document.createElement("div");
  row.className = "sq-hand-row";
  row.setAttribute("role", "group");
  const help = document.createElement("div");
  help.className = "sq-hand-help";
  const summary = document.createElement("div");
  summary.className = "sq-hand-summary";
  root.append(title, row, summary, help);
  el.appendChild(root);

  function toggle(i) {
    if (model.get("disabled")) return;
    const cards = model.get("cards");
    if (i < 0 || i >= cards.length) return;
    let sel = model.get("selected").slice();
    const at = sel.indexOf(i);
    if (at >= 0) {
      sel.splice(at, 1);
    } else {
      const max = model.get("max_select");
      if (max === 1) sel = [];
      sel.push(i);
    }
    // Shown at once; sent as a message, which ipywidgets never holds back behind an earlier
    // change (hand.py says why), so a click on "Check" cannot overtake the last pick.
    model.set("selected", sel);
    model.send({ selected: sel });
  }

  function draw() {
    const cards = model.get("cards");
    const sel = new Set(model.get("selected"));
    const disabled = model.get("disabled");
    const focused = document.activeElement && row.contains(document.activeElement)
      ? Number(document.activeElement.dataset.index) : -1;
    title.textContent = model.get("title");
    row.setAttribute("aria-label", model.get("title"));
    const touch = window.matchMedia && window.matchMedia(TOUCH).matches;
    help.textContent = model.get(touch ? "touch_help" : "help");
    summary.textContent = model.get("summary");
    root.classList.toggle("sq-hand-disabled", disabled);
    row.replaceChildren();
    cards.forEach((card, i) => {
      const on = sel.has(i);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq-card" + (on ? " sq-card-selected" : "");
      b.dataset.index = String(i);
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.disabled = disabled;
      b.innerHTML = card.svg;
      const name = document.createElement("span");
      name.className = "sq-card-name";
      name.textContent = (i < 9 && !disabled ? (i + 1) + ": " : "") + (on ? card.label_on : card.label_off);
      const tick = document.createElement("span");
      tick.className = "sq-card-tick";
      tick.setAttribute("aria-hidden", "true");
      tick.textContent = "✔";
      const key = document.createElement("span");
      key.className = "sq-card-key";
      key.setAttribute("aria-hidden", "true");
      key.textContent = i < 9 && !disabled ? String(i + 1) : "";
      b.append(name, tick, key);
      b.addEventListener("click", () => toggle(i));
      row.appendChild(b);
    });
    if (focused >= 0 && row.children[focused]) row.children[focused].focus();
  }

  row.addEventListener("keydown", (ev) => {
    const buttons = Array.from(row.querySelectorAll("button"));
    const here = buttons.indexOf(document.activeElement);
    if (/^[1-9]$/.test(ev.key)) {
      const i = Number(ev.key) - 1;
      // Focus first: toggle() redraws the row and keeps focus on the focused card's position.
      if (buttons[i]) buttons[i].focus();
      toggle(i);
      if (row.children[i]) row.children[i].focus();
      ev.preventDefault();
    } else if ((ev.key === "ArrowRight" || ev.key === "ArrowLeft") && here >= 0) {
      const next = here + (ev.key === "ArrowRight" ? 1 : -1);
      if (buttons[next]) buttons[next].focus();
      ev.preventDefault();
    }
  });

  for (const name of ["cards", "selected", "disabled", "title", "help", "touch_help",
                      "summary"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
