// A lesson's first screen before Python has started (lite/first_screen.py saved it at build
// time in ipywidgets' embed format): drawn at once by the page's own widget manager, the answer
// cards live (their picks kept in the front end), a line that tells the child the game is still
// waking up. When Python's app is drawn it takes the page over: the picks of the same deal are
// handed to Python's cards (as the cards send a pick: a message, hand.py `_message`), then the
// saved screen goes. Nothing the child picked is lost.

const HAND = "sq-answer-cards";
const STEPS = 4;   // progress steps the worker reports (worker.mjs `progress`)

function classes(model) {
  return model.get("_dom_classes") || [];
}

/** Draw the saved state `data` into `el` with `manager`; `words.waking` is the status line.
 * Returns the first screen: its models and its status line's progress bar. */
export async function drawFirst(manager, el, data, words) {
  const status = document.createElement("p");
  status.className = "sq-first-status";
  status.setAttribute("role", "status");
  const bar = document.createElement("progress");
  bar.max = STEPS;
  bar.value = 0;
  const text = document.createElement("span");
  text.textContent = words.waking;
  status.append(bar, text);
  el.appendChild(status);
  const models = await manager.set_state(data.manager_state);
  for (const spec of data.view_specs) {
    const model = await manager.get_model(spec.model_id);
    const view = await manager.create_view(model);
    const box = document.createElement("div");
    box.className = "sq-output jupyter-widgets widget-area";
    el.appendChild(box);
    await manager.display_view(view, box);
  }
  window.sqFirstScreen = true;   // for the site's tests and `bench phone`
  return { models, bar, el };
}

/** The worker's progress: `step` of STEPS done. */
export function progress(first, step) {
  if (first) first.bar.value = Math.min(step, STEPS);
}

const sameCards = (a, b) => JSON.stringify(a.get("cards")) === JSON.stringify(b.get("cards"));

async function drawn(root, selector, seconds) {
  const until = Date.now() + seconds * 1000;
  while (!root.querySelector(selector) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Python's app is drawn in `root` (hidden until now): hand it the first screen's picks, show
 * it, remove the first screen. Picks go only to cards of the same deal (a returning learner's
 * Python may deal another task: then there is nothing of this one to keep). */
export async function takeOver(manager, first, root) {
  const saved = new Set(first.models);
  const hands = first.models.filter((m) => classes(m).includes(HAND));
  if (hands.length) await drawn(root, `.${HAND} button`, 10);
  const all = await Promise.all(Object.values(manager._models));
  const live = all.filter((m) => !saved.has(m) && classes(m).includes(HAND));
  for (const hand of hands) {
    const picks = hand.get("selected") || [];
    const twin = live.find((m) => sameCards(m, hand));
    if (!twin || !picks.length) continue;
    twin.set("selected", picks.slice());
    twin.send({ selected: picks.slice() }, {});
  }
  root.hidden = false;
  // Its views leave the page with their models (a view removed from a detached node throws).
  for (const model of first.models) {
    try { model.close(true); } catch (error) { console.warn("sq_edu: first screen:", error); }
  }
  first.el.replaceChildren();
  window.sqPythonReady = true;
}
