"""Measuring a dashboard as a child meets it, in a real Chromium: controls big enough for a
finger, nothing wider than the screen, the task on the first screen (`Screen.problems`), the
language switched in place (`to_russian`). Shared by the child-first sweep of every dashboard
and the class table's test (which needs its own class server).
"""

from __future__ import annotations

from typing import Any

from tests.support.browser import ConsoleLog, assert_no_error_output, keep_offline, wait_rendered

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
NARROW = {"width": 360, "height": 844}
ANY_APP = ".sq-app, .sq-hand"

# Controls smaller than 44 px either way (a checkbox or radio button counts by its label, the
# part a finger taps); anything reaching past the screen's right edge that is not inside an
# area that scrolls sideways on purpose; the page wider than the screen.
MEASURE_JS = """
(root = '#rendered_cells') => {
  const vw = document.documentElement.clientWidth;
  const shown = (el) => { const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const name = (el) => el.tagName.toLowerCase() + [...el.classList].slice(0, 3)
      .map(c => '.' + c).join('') + ' "' + (el.innerText || el.value || el.getAttribute(
      'aria-label') || '').trim().slice(0, 30) + '"';
  const small = [], wide = [];
  const controls = ['button', 'select', 'input', 'textarea', '[role=tab]', '.sq-card']
      .map(c => `${root} ${c}`).join(', ');
  for (const el of document.querySelectorAll(controls)) {
    if (el.type === 'hidden' || !shown(el)) continue;
    const target = (el.type === 'checkbox' || el.type === 'radio') ?
        (el.closest('label') || el) : el;
    const b = target.getBoundingClientRect();
    if (b.width < 43.5 || b.height < 43.5)
      small.push(`${name(el)} is ${Math.round(b.width)}x${Math.round(b.height)}`);
  }
  for (const el of document.querySelectorAll(`${root} *`)) {
    if (!shown(el) || el.closest('.sq-scroll-x, .sq-score-sheet')) continue;
    const b = el.getBoundingClientRect();
    if (b.right > vw + 1) wide.push(`${name(el)} ends at ${Math.round(b.right)} px`);
  }
  if (document.documentElement.scrollWidth > vw + 1)
    wide.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return {small, wide};
}
"""
# Every CSS animation or transition the page has (a finished one that holds its last frame
# counts too: it ran).
ANIMATIONS_JS = ("() => document.getAnimations().map(a => a.animationName || "
                 "a.transitionProperty || 'web')")


class Screen:
    """One browser page of one size, reused for every dashboard."""

    def __init__(self, browser: Any, server_url: str, size: dict[str, Any]) -> None:
        self.context = browser.new_context(device_scale_factor=1, locale="en-GB", **size)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.console = ConsoleLog().attach(self.page)
        self.server_url = server_url
        self.height = size["viewport"]["height"]
        keep_offline(self.page, server_url)

    def open(self, name: str, query: str = "") -> Any:
        self.page.goto(f"{self.server_url}voila/render/{name}.ipynb"
                       + (f"?{query}" if query else ""))
        wait_rendered(self.page, ANY_APP)
        self.settle()
        return self.page

    def settle(self, quiet_ms: int = 300) -> None:
        """Wait until the page stops changing (the kernel's last updates, late layout)."""
        self.page.wait_for_function(
            """quiet => new Promise(done => {
                const look = () => document.querySelector('#rendered_cells').innerHTML.length
                    + ':' + document.documentElement.scrollHeight;
                let last = look(), since = performance.now();
                const tick = () => {
                  const now = look();
                  if (now !== last) { last = now; since = performance.now(); }
                  if (performance.now() - since >= quiet) done(true);
                  else requestAnimationFrame(tick);
                };
                tick();
            })""", arg=quiet_ms)

    def problems(self, task: str | None) -> list[str]:
        """Everything wrong with the screen now, one line each (`task`: the part that must be
        on the first screen; None: only the size of the controls)."""
        assert not self.console.errors, self.console.errors
        assert_no_error_output(self.page)
        found = self.page.evaluate(MEASURE_JS)
        lines = [f"too small to tap: {s}" for s in found["small"]]
        if task is None:
            return lines
        lines += [f"wider than the screen: {w}" for w in found["wide"]]
        box = self.page.locator(task).first.bounding_box()
        if box is None:
            lines.append(f"{task} is not shown")
        elif box["y"] < 0 or box["y"] + box["height"] > self.height + 1:
            lines.append(f"{task} is not on the first screen: {round(box['y'])}.."
                         f"{round(box['y'] + box['height'])} px of {self.height}")
        return lines

    def too_wide_when_narrow(self) -> list[str]:
        """What reaches past the screen's edge on the narrowest phones (360 px); then back to
        this phone's width."""
        self.page.set_viewport_size(NARROW)
        self.settle()
        wide = self.page.evaluate(MEASURE_JS)["wide"]
        self.page.set_viewport_size(PHONE["viewport"])
        return [f"at 360 px: wider than the screen: {w}" for w in wide]

    def close(self) -> None:
        self.context.close()


def to_russian(screen: Screen, name: str) -> None:
    page = screen.page
    if name == "index":
        page.locator(".sq-language-switch").click()
    else:
        page.locator(".sq-language").first.get_by_role("button", name="Русский").click()
    page.wait_for_function(
        """() => { const text = document.querySelector('.sq-app').innerText;
                   const cyr = (text.match(/[а-яё]/gi) || []).length;
                   const lat = (text.match(/[a-z]/gi) || []).length;
                   return cyr / Math.max(cyr + lat, 1) > 0.8; }""")
    screen.settle()
