"use strict";
// The TV: each board message replaces the page's board (rendered by the server); live.js counts down.
(() => {
  const main = document.getElementById("board");
  let shown = Live.board() ? Live.board().html || null : null;
  let shotsAt = performance.now();  // when the shot clocks' seconds were as the board says

  // A club's layout (data-layout): the stream carries the classic board's HTML, so the page asks
  // for its own views again whenever that changes (what the cells show changed with it), and
  // shows them in turn, each for its data-seconds.
  const layout = main.dataset.layout || null;
  let view = 0;
  let turn = null;
  let lobbyAt = performance.now();  // when the lobby's clocks were as its rows say
  let fetched = 0;  // the views read again (the browser tests wait for the first)
  const views = () => [...main.querySelectorAll(".layout")];
  function show(number) {
    const all = views();
    if (!all.length) return;
    view = number % all.length;
    all.forEach((element, index) => { element.hidden = index !== view; });
    Fit.all(main);
  }
  function schedule() {
    clearTimeout(turn);
    const all = views();
    const seconds = all.length > 1 ? Number(all[view].dataset.seconds) || 0 : 0;
    if (seconds > 0) turn = setTimeout(rotate, seconds * 1000);
  }
  function rotate() { show(view + 1); schedule(); }
  function refetch() {
    fetch(`tv?layout=${encodeURIComponent(layout)}&partial=1`)
      .then((answer) => (answer.ok ? answer.text() : Promise.reject(answer.status)))
      .then((text) => { main.innerHTML = text; lobbyAt = performance.now(); fetched += 1; show(view); })
      .catch(() => { /* the stream's next change tries again */ });
  }
  if (layout) {
    show(0);
    schedule();
    // Other tournaments change without this one's stream saying so: the lobby is read again.
    if (main.querySelector(".lobby")) setInterval(refetch, 15_000);
  }

  Live.on((board) => {
    if (board.html && board.html !== shown) {
      shown = board.html;
      if (layout) {
        refetch();
      } else {
        main.innerHTML = board.html;
        Fit.all(main);
      }
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
    const since = (performance.now() - lobbyAt) / 1000;
    for (const cell of main.querySelectorAll("[data-lobby-left]")) {
      if (cell.dataset.lobbyLeft === "") continue;
      const left = Number(cell.dataset.lobbyLeft) - (cell.dataset.running === "1" ? since : 0);
      cell.textContent = Live.mmss(left);
    }
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
  window.Tv = { rotate, view: () => view, fetched: () => fetched };  // for the browser tests: turn the views, see a reading
})();
