// Card picks on a plain first screen, before the widgets' script is there: the class server's
// (sq_edu/pages/first_plain.py, included by index.html.j2) and the static site's
// (lite/first_plain.py, put into app.html by lite/app_build.py). Taken as hand.js takes them:
// a click or tap toggles a card, a number key picks its card, the arrows move along the row.
// `labels`: each card's [picked, not picked] name; `max`: 1 when a pick drops the other.
// Returns the hand: `picked` (positions, kept up to date) for the hand-over to Python.
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
