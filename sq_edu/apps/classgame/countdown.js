// Countdown: the round's seconds left, counted down on this browser's clock from the last
// number the kernel sent (`left`, -1: no timer). A timer role, so screen readers do not
// announce every second; the words come from the kernel (`label`, `{s}` the seconds).
function render({ model, el }) {
  el.setAttribute("role", "timer");
  el.style.fontWeight = "bold";
  el.style.color = "#4A148C";
  let start = performance.now();
  const draw = () => {
    const left = model.get("left");
    el.hidden = left < 0;
    el.style.fontSize = model.get("size");
    if (left < 0) { return; }
    const now = Math.max(0, left - Math.floor((performance.now() - start) / 1000));
    el.textContent = model.get("label").replace("{s}", String(now));
  };
  const restart = () => { start = performance.now(); draw(); };
  model.on("change:left", restart);
  model.on("change:stamp", restart);
  model.on("change:label", draw);
  draw();
  const tick = window.setInterval(draw, 250);
  return () => window.clearInterval(tick);
}

export default { render };
