// ReadAloud: one native button that speaks the prompt with the browser's speech synthesis,
// in the page's language (en-GB / ru-RU). Nothing is sent to the kernel.

// `speakerIcon` comes from speaker.js, put in front of this module by speaker.py.

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sq-read-aloud-button";
  button.style.cssText = "font-size:1rem;padding:4px 12px;margin:2px 0 6px;border-radius:6px;" +
    "border:2px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer";
  function draw() {
    button.innerHTML = speakerIcon(18, "on", "vertical-align:-3px");
    button.append(" " + model.get("label"));
    button.lang = model.get("lang");
    button.disabled = !("speechSynthesis" in window) || !model.get("text");
  }
  button.addEventListener("click", () => {
    const utterance = new SpeechSynthesisUtterance(model.get("text"));
    utterance.lang = model.get("voice_lang");
    utterance.rate = 0.9;   // a little slower, for young readers
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  });
  model.on("change", draw);
  draw();
  el.appendChild(button);
}

export default { render };
