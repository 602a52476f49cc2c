"""The kit's download link: the file travels in the link itself, and no name or label can
break out of the HTML."""

from __future__ import annotations

import base64
import re

from sq_edu.widgets.download import download_link


def test_the_link_carries_the_file_and_escapes_hostile_names() -> None:
    data = "Лиса;1/2\n".encode()
    html = download_link(data, 'my "report" <b>.csv', "text/csv", "Report <script>",
                         help_text="a & b", css="sq-x")
    payload = re.search(r'href="data:text/csv;base64,([^"]+)"', html)
    assert payload is not None and base64.b64decode(payload.group(1)) == data
    assert 'download="my_&quot;report&quot;_&lt;b&gt;.csv"' in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'class="sq-x"' in html and "a &amp; b" in html
