// SeatMemory: this browser remembers which table seat it holds, so a reload (or a phone
// that slept) sits back down at the same seat. Kept in localStorage of the class server's
// own address; the kernel writes `keep`, the browser answers with what it had in `kept`.
const KEY = "sq-edu-table-seat";

function render({ model, el }) {
  el.hidden = true;
  let kept = "";
  try { kept = window.localStorage.getItem(KEY) || ""; } catch (e) { kept = ""; }
  model.set("kept", kept);
  model.save_changes();
  model.on("change:keep", () => {
    const value = model.get("keep");
    try {
      if (value) { window.localStorage.setItem(KEY, value); }
      else { window.localStorage.removeItem(KEY); }
    } catch (e) { /* private mode: the seat is not remembered */ }
  });
}

export default { render };
