// ReadAloud: one native button that speaks the prompt with the browser's speech synthesis,
// in the page's language (en-GB / ru-RU). Nothing is sent to the kernel.

// A small speaker drawn inline (no emoji font is needed on a school computer).
const SPEAKER = '<svg aria-hidden="true" focusable="false" width="18" height="18" ' +
  'viewBox="0 0 24 24" style="vertical-align:-3px"><path d="M3 9h4l5-4v14l-5-4H3z" ' +
  'fill="currentColor"/><path d="M16 8a5 5 0 0 1 0 8M18.5 5.5a8.5 8.5 0 0 1 0 13" ' +
  'stroke="currentColor" stroke-width="2" fill="none"/></svg>';

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sq-read-aloud-button";
  button.style.cssText = "font-size:1rem;padding:4px 12px;margin:2px 0 6px;border-radius:6px;" +
    "border:2px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer";
  function draw() {
    button.innerHTML = SPEAKER;
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
