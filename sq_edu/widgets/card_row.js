// CardRow: one button per card, its face as the picture and its full name in words.
// A tap (or Enter / Space) plays the card: the kernel hears its key. Arrow keys move along
// the row. The face is aria-hidden; the button's name ("Д♠ дама пик (козырь)") is its own
// visually hidden text, not aria-label: the face's rank and suit are visible text, and an
// aria-label that does not repeat them in order fails WCAG 2.5.3 (axe:
// label-content-name-mismatch), as in hand.js.
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;" +
  "overflow:hidden;clip-path:inset(50%);white-space:nowrap";

function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "sq-card-row";
  row.setAttribute("role", "group");
  el.appendChild(row);

  function draw() {
    const focused = row.contains(document.activeElement)
      ? document.activeElement.dataset.key : null;
    row.setAttribute("aria-label", model.get("title"));
    row.replaceChildren();
    for (const card of model.get("cards")) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = [model.get("item_class"), ...card.classes, "sq-card-" + card.key].join(" ");
      b.dataset.key = card.key;
      b.disabled = card.disabled;
      b.title = card.label;
      b.style.position = "relative";
      b.innerHTML = card.svg;
      const name = document.createElement("span");
      name.className = "sq-card-row-name";
      name.style.cssText = HIDDEN;
      name.textContent = card.label;
      b.appendChild(name);
      b.addEventListener("click", () => {
        if (!b.disabled) model.send({ pick: card.key });
      });
      row.appendChild(b);
    }
    const again = focused && row.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
  }

  row.addEventListener("keydown", (ev) => {
    if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
    const buttons = Array.from(row.querySelectorAll("button:not([disabled])"));
    const here = buttons.indexOf(document.activeElement);
    const next = buttons[here + (ev.key === "ArrowRight" ? 1 : -1)];
    if (next) { next.focus(); ev.preventDefault(); }
  });

  model.on("change:cards", draw);
  model.on("change:title", draw);
  draw();
}

export default { render };
