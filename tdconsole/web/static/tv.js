"use strict";
// The TV: each board message replaces the page's board (rendered by the server); live.js counts down.
(() => {
  const main = document.getElementById("board");
  let shown = Live.board() ? Live.board().html || null : null;
  let shotsAt = performance.now();  // when the shot clocks' seconds were as the board says
  Live.on((board) => {
    if (board.html && board.html !== shown) {
      main.innerHTML = board.html;
      shown = board.html;
      Fit.all(main);
    }
    shotsAt = performance.now();
    document.title = board.tournament.name;
  });
  // The club's alerts (kind "alert" in the board's announcements): each new one shown across the top
  // for a minute; those made before the page opened are not shown again (like speech.js).
  const banner = document.getElementById("club-alert");
  const shownAlerts = new Set();
  const alertKey = (item) => `${item.time}|${item.seq}`;
  let hide = null;
  for (const item of (Live.board() && Live.board().announcements) || []) shownAlerts.add(alertKey(item));
  Live.on((board) => {
    for (const item of board.announcements || []) {
      if (item.kind !== "alert" || shownAlerts.has(alertKey(item))) continue;
      shownAlerts.add(alertKey(item));
      banner.textContent = item.text;
      banner.hidden = false;
      clearTimeout(hide);
      hide = setTimeout(() => { banner.hidden = true; }, 60_000);
    }
  });
  Fit.all(main);
  window.addEventListener("resize", () => Fit.all(main));

  // A table's shot clock (T-SHOT-1) counts down here between messages; its last 10 s are spoken
  // (when the house has the TV speak), each number once, rendered by the server's espeak-ng.
  const spoken = new Map();
  setInterval(() => {
    const gone = (performance.now() - shotsAt) / 1000;
    const shots = main.querySelector(".shots");
    for (const shot of main.querySelectorAll("[data-shot-left]")) {
      const left = Math.max(0, Math.ceil(Number(shot.dataset.shotLeft) - gone));
      shot.querySelector(".left").textContent = left > 0 ? String(left) : shots.dataset.time;
      shot.classList.toggle("expired", left === 0);
      const table = shot.dataset.shotTable;
      if (shots.classList.contains("speaks") && left >= 1 && left <= 10 && spoken.get(table) !== left) {
        spoken.set(table, left);
        new Audio(`api/countdown/${left}.wav`).play().catch(() => { /* no sound allowed yet */ });
      }
    }
  }, 200);
  Live.connect();
})();
