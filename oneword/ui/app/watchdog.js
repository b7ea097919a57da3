// The page's watchdog: a page that finds itself broken reloads, back in the
// same seat (the seat is in the room's cookie and the URL keeps the room).
// Installed once per document; every run of the page draws it again, and
// the guard makes that a no-op. Broken means, held for the times below:
// the React root empty, a Streamlit error about its element tree, the
// connection down while the server answers its health check, the main
// area with nothing live in it while no run is going on, or the page
// showing an older run than its polling fragment follows (the run's stamp
// in the page differs from the one each poll draws: refresh.py's `follow`),
// or its screen showing a run's end without that run's top (`screen_mark`).
(() => {
  if (window.__owWatchdog) return;
  window.__owWatchdog = true;
  const TICK_MS = 500;
  const EMPTY_MS = 2000;
  const DISCONNECTED_MS = 3000;
  const QUIET_EMPTY_MS = 2500;
  const BEHIND_MS = 3000;
  const REST_MS = 8000; // at most one reload in this long
  const TYPED = "ow-typed";
  const TYPED_FOR_MS = 120000;
  const RESTORE_WINDOW_MS = 20000;
  const since = {};
  let treeError = false;

  const note = (name, bad) => {
    if (!bad) { delete since[name]; return 0; }
    if (!(name in since)) since[name] = Date.now();
    return Date.now() - since[name];
  };
  const onError = (text) => {
    if (/delta path|Cannot set a node/i.test(String(text || ""))) treeError = true;
  };
  window.addEventListener("error", (e) => onError(e.message));
  window.addEventListener("unhandledrejection", (e) => onError(e.reason && e.reason.message));

  const reload = (why) => {
    let last = 0;
    try { last = Number(sessionStorage.getItem("ow-reloaded-at") || 0); } catch (e) {}
    if (Date.now() - last < REST_MS) return;
    // Stamped when the page decides, not when a busy server answers.
    const decided = Date.now();
    fetch("_stcore/health", { cache: "no-store" }).then((answer) => {
      if (!answer.ok) return;
      try {
        sessionStorage.setItem("ow-reloaded-at", String(decided));
        sessionStorage.setItem("ow-reloaded-why", why);
      } catch (e) {}
      location.reload();
    }).catch(() => {});
  };

  // Text being typed survives a reload: kept per page and field.
  const fieldKey = (el) => {
    const holder = el.closest('[class*="st-key-"]');
    const key = holder && [...holder.classList].find((c) => c.startsWith("st-key-"));
    const name = key || el.getAttribute("aria-label");
    return name ? location.pathname + location.search + "|" + name : null;
  };
  const typedFields = () => {
    try { return JSON.parse(sessionStorage.getItem(TYPED) || "{}"); } catch (e) { return {}; }
  };
  document.addEventListener("input", (e) => {
    const el = e.target;
    if (!(el instanceof HTMLInputElement && el.type === "text") &&
        !(el instanceof HTMLTextAreaElement)) return;
    const key = fieldKey(el);
    if (!key) return;
    const kept = typedFields();
    if (el.value) kept[key] = { value: el.value, at: Date.now() };
    else delete kept[key];
    try { sessionStorage.setItem(TYPED, JSON.stringify(kept)); } catch (err) {}
  }, true);
  // Only a page this watchdog reloaded gets its text back, and only while
  // it draws itself again: later, an empty field was emptied on purpose
  // (a form that clears itself when sent must not get the sent text back).
  let reloadedAt = 0;
  try { reloadedAt = Number(sessionStorage.getItem("ow-reloaded-at") || 0); } catch (e) {}
  const restoreUntil = Date.now() - reloadedAt < RESTORE_WINDOW_MS ? Date.now() + RESTORE_WINDOW_MS : 0;
  const restoreTyped = () => {
    if (Date.now() > restoreUntil) return;
    const kept = typedFields();
    if (!Object.keys(kept).length) return;
    document.querySelectorAll('input[type="text"], textarea').forEach((el) => {
      const key = fieldKey(el);
      const entry = key && kept[key];
      if (!entry || el.value || el.dataset.owRestored) return;
      el.dataset.owRestored = "1";
      if (Date.now() - entry.at > TYPED_FOR_MS) return;
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
      Object.getOwnPropertyDescriptor(proto.prototype, "value").set.call(el, entry.value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  };

  const seen = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 2 && box.height > 2;
  };

  // The stamps of the run the page shows, and of the run its poll follows.
  const marks = (name) => [...document.querySelectorAll(".ow-mark[data-" + name + "]")]
    .map((el) => el.getAttribute("data-" + name));
  const behind = () => {
    const followed = marks("followed");
    if (!followed.length) return false;  // not a room's page
    const drawn = marks("drawn");
    return !followed.some((mark) => drawn.includes(mark));
  };
  // A screen whose end is shown without its top lost part of itself
  // (elements kept hidden from an earlier run do not count).
  const shown = (name) => [...document.querySelectorAll(".ow-mark[data-" + name + "]")]
    .filter((el) => !el.closest('[data-retained="true"], [data-stale="true"]'))
    .map((el) => el.getAttribute("data-" + name));
  const cut = () => {
    const ends = shown("screen-end");
    if (!ends.length) return false;
    const tops = shown("screen-top");
    return !ends.some((mark) => tops.includes(mark));
  };

  const check = () => {
    const root = document.getElementById("root");
    const app = document.querySelector('[data-testid="stApp"]');
    const main = document.querySelector('[data-testid="stMainBlockContainer"]');
    const connection = app ? app.getAttribute("data-test-connection-state") : null;
    const script = app ? app.getAttribute("data-test-script-state") : null;
    // What the eye sees: elements kept hidden from an earlier run
    // (data-retained), the poll's marks and the screen reader's status line
    // show nothing, so a page holding only those is blank.
    // Asked only while no run is going, and it stops at the first element
    // the eye can see, so a tick measures one element, not the whole page.
    const blank = () => !main || ![...main.querySelectorAll(
      '[data-testid="stElementContainer"]:not([data-stale="true"])')]
      .some((el) => !el.closest('[data-retained="true"]') && seen(el));
    if (treeError) return reload("tree");
    if (note("empty", !root || !root.childElementCount || !app) > EMPTY_MS) return reload("empty");
    if (note("away", connection && connection !== "CONNECTED") > DISCONNECTED_MS) {
      return reload("disconnected");
    }
    // The page's own state is judged only between runs. A run going on
    // neither clears nor starts these clocks: on a busy server the polls'
    // runs come so often that a clock cleared by each would never run out,
    // and a run that mends the page clears it at the first tick after.
    const settled = connection === "CONNECTED" && script === "notRunning";
    if (settled) {
      if (note("quiet", blank()) > QUIET_EMPTY_MS) return reload("blank");
      if (note("behind", behind()) > BEHIND_MS) return reload("behind");
      if (note("cut", cut()) > BEHIND_MS) return reload("cut");
    }
    restoreTyped();
  };
  setInterval(check, TICK_MS);
})();
