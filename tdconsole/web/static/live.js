"use strict";
// The change stream every page follows (GET /api/events), and the countdowns between its messages.
// Each board carries the server's time and the exact seconds left then; the page counts down from
// there on the browser's monotonic clock and is re-anchored by every message (a heartbeat comes
// every few seconds), so it never drifts from the server's clock however long it runs.
const Live = (() => {
  const listeners = [];
  let board = null;
  let receivedAt = 0;
  let lastRefetch = 0;

  function mmss(seconds) {  // as the server's filter: rounded up, H:MM:SS past an hour
    const whole = Math.max(0, Math.ceil(seconds - 1e-9));
    const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  }

  function left(key) {
    const value = board.clock[key];
    if (value === null || value === undefined) return null;
    return board.clock.running ? value - (performance.now() - receivedAt) / 1000 : value;
  }

  function tick() {
    if (!board) return;
    for (const element of document.querySelectorAll("[data-countdown]")) {
      const value = left(element.dataset.countdown);
      if (value !== null) element.textContent = mmss(value);
    }
    // The level ended here: fetch the next one now rather than wait for the server's next message.
    const now = performance.now();
    if (board.clock.running && left("remaining") <= 0 && now - lastRefetch > 3000) {
      lastRefetch = now;
      fetch("api/board").then((r) => r.json()).then(receive).catch(() => {});
    }
  }

  function receive(next) {
    if (board && next.seq < board.seq) return;  // an older answer overtaken by the stream
    board = next;
    receivedAt = performance.now();
    for (const listener of listeners) listener(board);
    tick();
  }

  function connect() {
    const offline = document.getElementById("offline");
    const source = new EventSource("api/events");
    source.addEventListener("board", (event) => receive(JSON.parse(event.data)));
    source.onopen = () => { if (offline) offline.hidden = true; };
    source.onerror = () => { if (offline) offline.hidden = false; };  // EventSource reconnects itself
  }

  const embedded = document.getElementById("board-data");
  if (embedded) receive(JSON.parse(embedded.textContent));
  setInterval(tick, 200);
  return { on(listener) { listeners.push(listener); }, connect, mmss, board: () => board };
})();
