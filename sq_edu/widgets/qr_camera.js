// QrCamera: the camera's frames through jsQR; each new code goes to Python once.
function loadReader(url) {
  if (globalThis.jsQR) return Promise.resolve(globalThis.jsQR);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL(url, document.baseURI).href;
    script.onload = () => (globalThis.jsQR ? resolve(globalThis.jsQR) : reject(new Error("jsQR")));
    script.onerror = () => reject(new Error("jsQR did not load"));
    document.head.appendChild(script);
  });
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button sq-qr-camera-button";
  button.style.cssText = "min-height:44px;min-width:44px;padding:0 14px;font-size:1rem";
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.className = "sq-qr-camera-status";
  const video = document.createElement("video");
  video.setAttribute("playsinline", "");
  video.muted = true;
  video.style.cssText = "display:none;max-width:min(90vw,360px);border:2px solid #1d4ed8;border-radius:8px";
  el.append(button, status, video);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let stream = null;
  const sent = new Set();

  function labels() {
    el.hidden = !model.get("reader_url");
    button.textContent = stream ? model.get("stop_label") : model.get("start_label");
    button.setAttribute("aria-pressed", stream ? "true" : "false");
  }

  function stop() {
    if (stream) stream.getTracks().forEach((track) => track.stop());
    stream = null;
    video.style.display = "none";
    status.textContent = "";
    labels();
  }

  function look(jsQR) {
    if (!stream) return;
    if (video.readyState >= 2 && video.videoWidth) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
      if (found && found.data && !sent.has(found.data)) {
        sent.add(found.data);
        model.set("read", found.data);
        model.set("reads", model.get("reads") + 1);
        model.save_changes();
      }
    }
    requestAnimationFrame(() => look(jsQR));
  }

  async function start() {
    try {
      const jsQR = await loadReader(model.get("reader_url"));
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" }, audio: false });
      video.srcObject = stream;
      video.style.display = "block";
      await video.play();
      status.textContent = model.get("looking_label");
      labels();
      look(jsQR);
    } catch (error) {
      console.warn("sq_edu: the camera could not start:", error);
      stop();
      model.set("problem", "denied");
      model.save_changes();
    }
  }

  button.addEventListener("click", () => (stream ? stop() : start()));
  model.on("change:start_label", labels);
  model.on("change:stop_label", labels);
  model.on("change:reader_url", labels);
  labels();
  return () => stop();
}

export default { render };
