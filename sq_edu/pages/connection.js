// ConnectionNotice: ping the kernel; if no pong arrives in time, show a reload banner.
// The banner is appended to <body> (fixed at the top) so no dashboard layout can hide it.

function render({ model, el }) {
  let sent = 0;
  let lastPong = Date.now();
  const banner = document.createElement("div");
  banner.className = "sq-connection-lost";
  banner.setAttribute("role", "alert");
  banner.hidden = true;
  const text = document.createElement("span");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "sq-connection-reload";
  reload.addEventListener("click", () => window.location.reload());
  banner.append(text, reload);
  document.body.appendChild(banner);

  function draw() {
    text.textContent = model.get("lost_text");
    reload.textContent = model.get("reload_label");
    banner.lang = model.get("lang");
    // The page's language and tab title, where no template has set them (a plain Jupyter
    // server with Voila's extension, as on Binder): a screen reader reads Russian as Russian.
    document.documentElement.lang = model.get("lang");
    if (model.get("page_title")) {
      document.title = model.get("page_title");
    }
  }

  function onMessage(msg) {
    if (msg && typeof msg.pong === "number") {
      lastPong = Date.now();
      banner.hidden = true;
    }
  }

  function tick() {
    try {
      sent += 1;
      model.send({ ping: sent });
    } catch (err) {
      // a closed connection throws; the timeout below shows the banner
    }
    if (Date.now() - lastPong > model.get("timeout_ms")) {
      banner.hidden = false;
    }
  }

  draw();
  model.on("change:lost_text change:reload_label change:lang change:page_title", draw);
  model.on("msg:custom", onMessage);
  const timer = setInterval(tick, Math.max(500, model.get("interval_ms")));
  return () => {
    clearInterval(timer);
    model.off("msg:custom", onMessage);
    banner.remove();
  };
}

export default { render };
