"""The idle culler passes over a kernel still starting (sq_edu/server/idle_culler.py).

The race itself (a pool refilled while the culler runs) came once in a full run and is not
reproduced here; this holds the upstream behaviour it met and the guard's answer to it, with
jupyter_server's real kernel manager class."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest
import traitlets
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from sq_edu.server.idle_culler import guard_idle_culler


class Kernels:
    """Kernels by id, culled as jupyter_server's `cull_kernel_if_idle` reads them."""

    def __init__(self, kernels: dict[str, ServerKernelManager]) -> None:
        self.kernels, self.culled = kernels, []

    def get_kernel(self, kernel_id: str) -> ServerKernelManager:
        return self.kernels[kernel_id]

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        hasattr(self.kernels[kernel_id], "last_activity")   # what jupyter_server asks first
        self.culled.append(kernel_id)


def test_a_starting_kernel_is_passed_over_and_an_idle_one_still_culled() -> None:
    starting, idle = ServerKernelManager(), ServerKernelManager()
    idle.last_activity = datetime.now(timezone.utc)
    with pytest.raises(traitlets.TraitError):   # the traceback the culler logged
        asyncio.run(Kernels({"a": starting}).cull_kernel_if_idle("a"))
    kernels = Kernels({"starting": starting, "idle": idle})
    guard_idle_culler(kernels)
    for kernel_id in ("starting", "idle", "gone"):
        asyncio.run(kernels.cull_kernel_if_idle(kernel_id))
    assert kernels.culled == ["idle"]
