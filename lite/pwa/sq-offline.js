// Installable and offline: every page of the site loads this (lite/offline.py links it).
// It points the page at the web app manifest of its language, and once the page is on the
// screen it asks the service worker (lite/pwa/service-worker.js) to keep the whole site on the
// device, in the background. `<html data-sq-offline>` says how that went ("caching", "ready",
// "failed"); a dashboard's bar says it once, the first time the site is kept, for SAID_MS (on a
// phone the line is a fifth of the screen, and the answer buttons are below it).
"use strict";
(function () {
  const LANGS = @LANGS@;
  const DEFAULT_LANG = "@DEFAULT_LANG@";
  const WORDS = @WORDS@;
  const asked = (new URLSearchParams(location.search).get("lang") || "").trim().toLowerCase();
  const lang = LANGS.includes(asked) ? asked : DEFAULT_LANG;
  const manifest = document.getElementById("sq-manifest");
  if (manifest) manifest.href = "sq-edu-" + lang + ".webmanifest";

  const workers = navigator.serviceWorker;
  if (!workers || location.protocol === "file:") return;
  const KEPT = "sq-edu-offline-kept";   // the first "ready" is told once
  const SAID_MS = 15000;                 // time to read two lines, slowly

  function shown() {   // a dashboard: its loading cover is hidden; the index: loaded
    return new Promise((resolve) => {
      const start = () => {
        const cover = document.getElementById("loading");
        if (!cover || cover.hidden) return resolve();
        new MutationObserver((_, observer) => {
          if (cover.hidden) { observer.disconnect(); resolve(); }
        }).observe(cover, { attributes: true, attributeFilter: ["hidden"] });
      };
      if (document.readyState === "complete") start();
      else addEventListener("load", start, { once: true });
    });
  }

  function tell(report) {
    document.documentElement.dataset.sqOffline = report.ok ? "ready" : "failed";
    if (!report.ok) {
      console.warn("sq_edu: the site could not be kept for offline use:", report.error);
      return;
    }
    if (localStorage.getItem(KEPT)) return;
    localStorage.setItem(KEPT, "1");
    const bar = document.getElementById("bar");
    if (!bar) return;
    const note = document.createElement("span");
    note.id = "sq-offline-ready";
    note.setAttribute("role", "status");
    note.textContent = WORDS[lang];
    bar.appendChild(note);
    setTimeout(() => note.remove(), SAID_MS);
  }

  async function keepSite() {
    // The dashboard pages register the worker themselves before their app starts; the index
    // registers the same one (the same address).
    const url = new URL("service-worker.js?enableCache=false", location.href).href;
    if (!document.getElementById("app")) await workers.register(url);
    const registration = await workers.ready;
    document.documentElement.dataset.sqOffline = "caching";
    workers.addEventListener("message", (event) => {
      if (event.data && event.data.type === "sq-precached") tell(event.data);
    });
    registration.active.postMessage({ type: "sq-precache" });
  }

  shown().then(keepSite).catch((error) => {
    document.documentElement.dataset.sqOffline = "failed";
    console.warn("sq_edu: the site could not be kept for offline use:", error);
  });
})();
