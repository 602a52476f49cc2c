"""The class's progress report as a CSV file streamed by the server (class mode).

The teacher page used to put the whole CSV into a `data:` link inside the page (21.5 MiB for
60 large files, sent through the widget channel and kept in the browser). Here the page only
holds a short link; the server builds the CSV from the class data folder and streams it in
64 KB pieces as a download. The link carries a ticket the teacher page's kernel signs after
the teacher password was given (`pages.server_calls.report_ticket`: an expiry and an HMAC
under this server's kernel key); the class password's cookie is needed as for every page.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time

import tornado.web
from jupyter_server.base.handlers import JupyterHandler

from sq_edu.i18n import normalize_lang
from sq_edu.pages.params import query_key
from sq_edu.pages.server_calls import REPORT_ROUTE

log = logging.getLogger(__name__)
CHUNK = 64 * 1024


def _class_csv(lang: str) -> str:
    from sq_edu.practice.classroom.report import teacher_report
    from sq_edu.practice.progress import default_progress_dir, learner_files

    return teacher_report(learner_files(default_progress_dir())).to_csv(lang)


class ClassReportHandler(JupyterHandler):
    """`GET /sq-edu/class-report.csv?ticket=<expiry>.<hmac>&lang=ru`."""

    route = REPORT_ROUTE

    def _ticket_ok(self) -> bool:
        key = self.settings.get("sq_edu_query_key", "")
        expiry, _, sig = self.get_query_argument("ticket", "")[:200].partition(".")
        if not (key and expiry.isdigit() and int(expiry) >= time.time()):
            return False
        return hmac.compare_digest(sig, query_key(f"report:{expiry}", key))

    @tornado.web.authenticated
    async def get(self) -> None:
        if not self._ticket_ok():   # answered here: Voila has no Jupyter error templates
            self.set_status(403)
            self.finish("This report link has expired: open the teacher page again.")
            return
        lang = normalize_lang(self.get_query_argument("lang", "en")[:5])
        text = await asyncio.to_thread(_class_csv, lang)
        data = ("\ufeff" + text).encode("utf-8")   # the BOM: spreadsheets read UTF-8 then
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class-report.csv"')
        self.set_header("Cache-Control", "no-store")
        for start in range(0, len(data), CHUNK):
            self.write(data[start:start + CHUNK])
            await self.flush()
        log.info("class report sent (%d bytes)", len(data))
