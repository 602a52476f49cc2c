// PasswordBox: a password field whose Enter sends the typed word with it.
// ipywidgets' own Password sends Enter as a bare "submit" message at once, while the typed
// value waits behind any change of the box the kernel has not answered yet (`_pending_msgs`):
// a teacher who typed fast and pressed Enter was judged on "o" for "owls-at-noon". Here the
// Enter message carries the word itself (as hand.js sends its picks); the value alone is
// synced when the box is left (a tap on "Open"), as `controls.text_box` does. The classes are
// ipywidgets' own, so the box looks and sizes like every other text box of the app.

let made = 0;

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "jupyter-widgets widget-inline-hbox widget-text jupyter-widget-text "
    + "widget-password";
  const label = document.createElement("label");
  label.className = "widget-label sq-password-label";
  const input = document.createElement("input");
  input.type = "password";
  input.autocomplete = "current-password";
  input.spellcheck = false;
  input.id = `sq-password-${++made}-${Math.random().toString(36).slice(2, 8)}`;
  label.htmlFor = input.id;
  box.append(label, input);
  el.appendChild(box);

  function texts() {
    label.textContent = model.get("description");
    label.hidden = !model.get("description");
    input.placeholder = model.get("placeholder");
  }
  function shown() {
    if (input.value !== model.get("value")) input.value = model.get("value");
  }

  input.addEventListener("change", () => {
    model.set("value", input.value);
    model.save_changes();
  });
  input.addEventListener("keydown", (event) => {
    event.stopPropagation();   // the page's own keys (as ipywidgets' boxes do)
    if (event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    model.send({ event: "submit", value: input.value });
  });
  model.on("change:description", texts);
  model.on("change:placeholder", texts);
  model.on("change:value", shown);
  texts();
  shown();
}

export default { render };
