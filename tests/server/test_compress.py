"""Voila's front end through the real server: scripts and styles come gzipped to a browser that
accepts it (the same bytes once unpacked, the second time from the kept copy), pages never
(BREACH), and a client that does not accept gzip gets the plain file."""

from __future__ import annotations

import gzip
import re
import urllib.request

from sq_edu.server.compress import ASSET_TYPES
from sq_edu.server.server import VoilaServer


def get(url: str, gzip_ok: bool) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_the_front_end_comes_gzipped_and_pages_do_not(voila_server: VoilaServer) -> None:
    headers, page = get(f"{voila_server.url}voila/render/equations.ipynb", gzip_ok=True)
    assert "content-encoding" not in headers and b"<html" in page[:4000]
    assets = re.findall(r'(?:src|href)="(/voila/[^"]+\.(?:js|css)[^"]*)"', page.decode())
    assert any(".js" in a for a in assets) and any(".css" in a for a in assets), assets
    for asset in assets:
        url = voila_server.url.rstrip("/") + asset
        plain_headers, plain = get(url, gzip_ok=False)
        assert "content-encoding" not in plain_headers
        first_headers, first = get(url, gzip_ok=True)
        again_headers, again = get(url, gzip_ok=True)
        for got_headers, got in ((first_headers, first), (again_headers, again)):
            assert got_headers["content-encoding"] == "gzip", asset
            assert got_headers["content-type"].split(";")[0] in ASSET_TYPES
            assert gzip.decompress(got) == plain, asset
        assert len(first) < len(plain) / 2, (asset, len(first), len(plain))
        assert again_headers["content-length"] == str(len(again))   # the kept copy


def test_kept_copies_stay_within_their_memory() -> None:
    from sq_edu.server import compress

    compress.AssetGZip.kept.clear()
    big = b"x" * (compress.KEEP_BYTES // 3 + 1)
    for n in range(4):
        compress.AssetGZip._keep((f"/f{n}.js", "e"), big)
    assert list(compress.AssetGZip.kept) == [("/f2.js", "e"), ("/f3.js", "e")]
    compress.AssetGZip.kept.clear()
