"""Jupyter's idle-kernel culler, kept off a kernel that is still starting.

jupyter_server's `cull_kernels` asks every kernel for its `last_activity`, which a kernel still
starting (a pool refilled during a flood of pages) does not have yet: the trait's default, None,
fails its own validation and the culler logs a traceback for that kernel (seen in a full test
run, tests/security/test_security_flood.py). A kernel with no activity yet is not idle: the
culler skips it this round and looks again at the next.
"""

from __future__ import annotations

from typing import Any


def guard_idle_culler(manager: Any) -> None:
    """Make `manager.cull_kernel_if_idle` pass over kernels with no `last_activity` yet."""
    cull = manager.cull_kernel_if_idle

    async def cull_kernel_if_idle(kernel_id: str) -> Any:
        try:
            kernel = manager.get_kernel(kernel_id)
        except KeyError:   # gone meanwhile: nothing to cull
            return None
        if not kernel.trait_has_value("last_activity"):   # still starting: not idle
            return None
        return await cull(kernel_id)

    manager.cull_kernel_if_idle = cull_kernel_if_idle
