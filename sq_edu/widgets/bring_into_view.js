// BringIntoView: scrolls one part of the app into view when Python asks (`serial` goes up).
// A box that appears at the top of a long page (the teacher's suggested practice, shown after
// the learner saves their nickname at the bottom) is otherwise off a phone's screen. Motion is
// instant under prefers-reduced-motion. Draws nothing itself.

function render({ model, el }) {
  function bring(frames) {
    const app = el.closest(".sq-app") || document;
    const target = app.querySelector(model.get("target"));
    // Wait for the target's new content and display to be drawn (a few frames at most).
    if (!target || target.offsetParent === null || !target.getBoundingClientRect().height) {
      if (frames > 0) requestAnimationFrame(() => bring(frames - 1));
      return;
    }
    const still = window.matchMedia &&
      window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }
  model.on("change:serial", () => requestAnimationFrame(() => bring(30)));
}

export default { render };
