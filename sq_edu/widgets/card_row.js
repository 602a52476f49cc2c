// CardRow: one button per card, its face as the picture and its full name as aria-label.
// A tap (or Enter / Space) plays the card: the kernel hears its key. Arrow keys move along
// the row. The face is aria-hidden; the name says rank, suit and "trump" in words.

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
      b.setAttribute("aria-label", card.label);
      b.title = card.label;
      b.innerHTML = card.svg;
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
