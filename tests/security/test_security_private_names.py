"""The private names of Voila the hardened server still relies on, checked by name.

Everything else goes through supported settings and documented hooks (jupyter_server's
`identity_provider_class`, `allow_remote_access`/`local_hostnames`, the public kernel model,
Voila's `http_header_envs`, tornado's HTTPServer options). The names below have no public
equivalent; pyproject.toml pins voila exactly and jupyter_server below 3, and this test fails
loudly, naming the protection that would silently switch off, if a release drops one.
"""

from __future__ import annotations

import inspect

import pytest
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from voila.execute import VoilaExecutor
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_kernel_manager import voila_kernel_manager_factory


@pytest.mark.parametrize(("owner", "name", "protects"), [
    (RequestInfoSocketHandler, "_waiters", "query websocket only for its kernel"),
    (RequestInfoSocketHandler, "_cache", "query websocket only for its kernel"),
    (VoilaExecutor, "strip_code_cell_errors", "no traceback on a child's screen"),
    (PasswordIdentityProvider, "auth_header_pat", "no class password in URLs"),
    (TornadoVoilaHandler, "get", "class and device caps"),
])
def test_a_name_the_server_uses_is_still_there(owner: type, name: str, protects: str) -> None:
    assert hasattr(owner, name), f"{owner.__name__}.{name} is gone: '{protects}' is off"


def test_voila_still_keeps_its_preheated_kernels_in_pools() -> None:
    """`_pools` tells the class cap which kernels wait in a pool (no page has them)."""
    manager_class = voila_kernel_manager_factory(MappingKernelManager, preheat_kernel=True,
                                                 default_pool_size=1)
    source = inspect.getsource(manager_class)
    assert "self._pools" in source, "Voila's kernel pools moved: the class cap miscounts"


def test_voila_still_sends_a_page_request_through_the_query_socket_class() -> None:
    source = inspect.getsource(TornadoVoilaHandler) + inspect.getsource(
        inspect.getmodule(RequestInfoSocketHandler))  # type: ignore[arg-type]
    assert "send_updates" in source, "preheated kernels no longer get their query this way"


def test_the_kernel_model_still_counts_connections() -> None:
    """A public field, checked anyway: page kernels without a websocket are freed by it."""
    assert "connections" in inspect.getsource(MappingKernelManager.kernel_model)
