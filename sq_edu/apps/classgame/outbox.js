// Outbox: a child's answer and vote are kept in this browser (localStorage, under `key`)
// from the moment of the tap until the kernel says the class game has them. A phone whose
// connection drops keeps them, says so, and sends them again when the connection is back,
// even after the page was closed or reloaded. Sending one twice is harmless: the class game
// keeps one answer per child and round, and a vote is the same vote again.

function render({ model, el }) {
  const KEY = model.get("key");
  const note = document.createElement("p");
  note.className = "sq-classgame-kept";
  note.setAttribute("role", "status");
  note.hidden = true;
  el.appendChild(note);
  let box = load();

  function load() {
    try {
      const items = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) {
      return [];
    }
  }

  function save() {
    try {
      if (box.length) { window.localStorage.setItem(KEY, JSON.stringify(box)); }
      else { window.localStorage.removeItem(KEY); }
    } catch (e) { /* private mode: kept in this page only */ }
  }

  function send() {
    if (!box.length) { return; }
    try { model.send({ items: box }); } catch (e) { /* no connection: the next try sends */ }
  }

  function draw() {
    const now = Date.now();
    const waiting = box.some((item) => now - item.t >= model.get("wait_ms"));
    note.textContent = model.get("kept_text");
    note.hidden = !waiting;
  }

  function put(item) {
    item.at = model.get("at");
    if (!item.at) { return; }   // no question on the page yet
    item.t = Date.now();
    item.id = `${item.t}-${Math.random().toString(36).slice(2, 10)}`;
    // one answer and one vote per round: a newer vote replaces the one not yet sent
    box = box.filter((kept) => !(kept.kind === item.kind && kept.at === item.at));
    box.push(item);
    save();
    send();
    window.setTimeout(draw, model.get("wait_ms") + 50);
  }

  function app() {
    return el.closest(".sq-classgame-app") || document;
  }

  function shown(node) {
    return node !== null && node.offsetParent !== null;
  }

  function onClick(event) {
    const button = event.target.closest && event.target.closest("button.sq-classgame-answer");
    if (!button || !app().contains(button)) { return; }
    const root = app();
    const options = root.querySelector(".sq-classgame-options");
    if (shown(options)) {
      const radios = Array.from(options.querySelectorAll('input[type="radio"]'));
      const picked = radios.findIndex((radio) => radio.checked);
      put({ kind: "answer", choice: picked });   // -1: nothing picked, the kernel says so
    } else {
      const input = root.querySelector(".sq-classgame-input input");
      put({ kind: "answer", text: input ? input.value.slice(0, 40) : "" });
    }
  }

  function onChange(event) {
    const radio = event.target;
    if (!radio.matches || !radio.matches('.sq-classgame-vote input[type="radio"]')) { return; }
    if (!app().contains(radio) || !radio.checked) { return; }
    put({ kind: "vote", choice: parseInt(radio.value, 10) });
  }

  function onKey(event) {   // Enter in the answer box answers, as the button does
    if (event.key !== "Enter" || !event.target.closest) { return; }
    const input = event.target.closest(".sq-classgame-input input");
    if (!input || !app().contains(input)) { return; }
    put({ kind: "answer", text: input.value.slice(0, 40) });
  }

  function onMessage(msg) {
    if (msg && Array.isArray(msg.done)) {
      box = box.filter((item) => !msg.done.includes(item.id));
      save();
      draw();
    }
  }

  document.addEventListener("click", onClick, true);
  document.addEventListener("change", onChange, true);
  document.addEventListener("keydown", onKey, true);
  model.on("msg:custom", onMessage);
  model.on("change:kept_text", draw);
  model.on("change:at", send);   // seated again (after a reload): hand in what waits
  const retry = window.setInterval(() => { send(); draw(); }, model.get("retry_ms"));
  send();   // what an earlier page of this browser kept
  return () => {
    window.clearInterval(retry);
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("change", onChange, true);
    document.removeEventListener("keydown", onKey, true);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
