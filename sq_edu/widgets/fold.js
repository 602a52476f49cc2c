// Fold: one native button that shows or hides a part of the app (grown-up settings, the
// introduction). What is open is remembered in this browser (localStorage), so it works the
// same under Voila and on the static site, and it answers at once, with no kernel round trip:
// the button puts `sq-open-<name>` on the app, the stylesheet shows the body by that class.
// "first-visit" folds are open the first time a page is seen, a tap away afterwards.

function remembered(key) {
  try { return window.localStorage.getItem(key); } catch (e) { return null; }
}

function remember(key, value) {
  try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: forget */ }
}

function render({ model, el }) {
  const key = "sq-fold:" + model.get("key");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sq-fold-toggle";
  const stored = remembered(key);
  let open = stored === null ? model.get("mode") === "first-visit" : stored === "1";
  if (stored === null && model.get("mode") === "first-visit") remember(key, "0");

  function place(frames) {
    // The view may be drawn before it is in the page: find the app once it is.
    const app = el.closest(".sq-app");
    if (app) app.classList.toggle("sq-open-" + model.get("name"), open);
    else if (frames > 0) requestAnimationFrame(() => place(frames - 1));
  }
  function draw() {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    button.textContent = (open ? "▾ " : "▸ ") + model.get("label");
    place(600);
    if (model.get("expanded") !== open) { model.set("expanded", open); model.save_changes(); }
  }
  button.addEventListener("click", () => {
    open = !open;
    remember(key, open ? "1" : "0");
    draw();
  });
  model.on("change:label", draw);
  model.on("change:expanded", () => { if (model.get("expanded") !== open) { open = model.get("expanded"); draw(); } });
  draw();
  el.appendChild(button);
}

export default { render };
