// Cheer: soft sounds made in the browser (WebAudio, no files) when something good happens,
// and the button that turns them on or off (remembered in this browser). Sounds start off in
// class mode (a room of thirty phones), on at home. Nothing is sent to the kernel.
// `speakerIcon` comes from speaker.js, put in front of this module by speaker.py.

const TUNES = {
  right: [[660, 0, 0.12], [880, 0.1, 0.16]],
  wake: [[523, 0, 0.12], [659, 0.1, 0.12], [784, 0.2, 0.2]],
  win: [[523, 0, 0.15], [659, 0.14, 0.15], [784, 0.28, 0.15], [1047, 0.42, 0.35]],
};
let audio = null;

function soundOn(model) {
  let stored = null;
  try { stored = window.localStorage.getItem("sq-sound"); } catch (e) { /* none */ }
  return stored === null ? !model.get("class_mode") : stored === "on";
}

function play(name) {
  const tune = TUNES[name];
  if (!tune || !(window.AudioContext || window.webkitAudioContext)) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime + 0.02;
    for (const [freq, at, length] of tune) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = freq;
      volume.gain.setValueAtTime(0.0001, start + at);
      volume.gain.exponentialRampToValueAtTime(0.08, start + at + 0.02);   // soft
      volume.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.05);
    }
  } catch (e) { /* no sound is never an error a child should see */ }
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sq-sound-button";
  function draw() {
    const on = soundOn(model);
    button.innerHTML = speakerIcon(22, on ? "on" : "off");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.setAttribute("aria-label", model.get("label"));
    button.title = model.get("label");
  }
  button.addEventListener("click", () => {
    const on = !soundOn(model);
    try { window.localStorage.setItem("sq-sound", on ? "on" : "off"); } catch (e) { /* none */ }
    draw();
    if (on) play("right");
  });
  model.on("change:serial", () => { if (soundOn(model)) play(model.get("cue")); });
  model.on("change:label", draw);
  model.on("change:class_mode", draw);
  draw();
  el.appendChild(button);
}

export default { render };
