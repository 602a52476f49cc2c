// SeatMemory: this browser remembers which table seat it holds, so a reload (or a phone
// that slept) sits back down at the same seat. Kept in localStorage of the class server's
// own address under `key` (one per app); the kernel writes `keep`, the browser answers with
// what it had in `kept`.

function render({ model, el }) {
  el.hidden = true;
  const KEY = model.get("key");
  let kept = "";
  try { kept = window.localStorage.getItem(KEY) || ""; } catch (e) { kept = ""; }
  model.set("kept", kept);
  model.save_changes();
  // A beat every few seconds while the page is open: when it stops (the page closed, the
  // phone slept), the kernel stops holding the seat and a bot plays it until the child is back.
  const beat = window.setInterval(() => model.send({ beat: 1 }), model.get("beat_ms"));
  model.on("change:keep", () => {
    const value = model.get("keep");
    try {
      if (value) { window.localStorage.setItem(KEY, value); }
      else { window.localStorage.removeItem(KEY); }
    } catch (e) { /* private mode: the seat is not remembered */ }
  });
  return () => window.clearInterval(beat);
}

export default { render };
