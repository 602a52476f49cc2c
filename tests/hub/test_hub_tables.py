"""A table of classmates through a real JupyterHub: the table service runs as a hub-managed
service, each learner's kernel (in their own server) reaches it on loopback with the class
key the hub gave it; ann creates a table, bob joins it with the code, both see the game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import wait_rendered

from .conftest import Hub

pytestmark = [pytest.mark.hub, pytest.mark.browser]


def table_page(browser: Any, hub: Hub, user: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{hub.url}hub/login")
    page.locator("input[name=username]").fill(user)
    page.locator("input[name=password]").fill(hub.password)
    page.locator("input[type=submit], button[type=submit]").first.click()
    page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb*", timeout=180_000)
    wait_rendered(page, ".sq-app", timeout=120)
    page.locator(".sq-tables-link a").click()        # the index links the class's tables
    wait_rendered(page, ".sq-table-app", timeout=120)
    page.locator(".sq-table-name input").fill(user.title())
    return context, page


def test_two_learners_sit_at_one_table_through_the_hub(browser: Any, hub: Hub) -> None:
    ann_ctx, ann = table_page(browser, hub, "ann")
    bob_ctx, bob = table_page(browser, hub, "bob")
    try:
        ann.locator(".sq-table-size select").select_option("2")
        ann.locator("button.sq-table-create").click()
        code = ann.locator(".sq-table-code-value").inner_text().replace(" ", "")
        bob.locator(".sq-table-code-input input").fill(code)
        bob.locator("button.sq-table-join").click()
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            page.locator(".sq-table-seats", has_text=other).wait_for()
            page.locator(".sq-table-board .sq-hand .sq-card").first.wait_for()
    finally:
        ann_ctx.close()
        bob_ctx.close()
