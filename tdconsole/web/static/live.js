"use strict";
// The change stream every page follows (GET /api/events), and the countdowns between its messages.
// Each board carries the server's time and the exact seconds left then; the page counts down from
// there on the browser's monotonic clock and is re-anchored by every message (a heartbeat comes
// every few seconds), so it never drifts from the server's clock however long it runs.
//
// A stream that stays open and says nothing (the server cannot read its database, or a proxy holds
// the connection) is no error to EventSource: the page would go on showing an old board as if it
// were live. So the time since the last news is counted too, and once it outlasts the server's
// heartbeat (#offline's data-heartbeat, with half of it again for a slow poll) the badge says "no
// connection" and the board's age, until a new message comes.
const Live = (() => {
  const listeners = [];
  let board = null;
  let receivedAt = 0;
  let lastRefetch = 0;
  let newsAt = performance.now();  // the last message that was news (not a repeat, below)
  let streamTime = null;  // the server's time of the last message the stream brought
  let broken = false;  // EventSource lost the connection and is reconnecting

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

  const offline = document.getElementById("offline");
  function badge() {
    if (!offline) return;
    const silent = (performance.now() - newsAt) / 1000;
    const limit = 1.5 * Number(offline.dataset.heartbeat || 10);
    if (silent > limit) {
      offline.querySelector(".what").textContent = offline.dataset.silent;
      offline.querySelector(".age").textContent = offline.dataset.age.replace("{age}", mmss(silent));
    } else {
      offline.querySelector(".what").textContent = offline.dataset.reconnecting;
      offline.querySelector(".age").textContent = "";
    }
    offline.classList.toggle("silent", silent > limit);
    offline.hidden = !broken && silent <= limit;
  }

  function connect() {
    const source = new EventSource("api/events");
    source.addEventListener("board", (event) => {
      const next = JSON.parse(event.data);
      // A reconnected stream first repeats the server's last message: news only if it is another
      // one (a server that cannot read repeats the same, its time and all). Not "newer": a step
      // back of the server's clock would silence the page for as long as the step.
      if (next.server_time !== streamTime) newsAt = performance.now();
      streamTime = next.server_time;
      receive(next);
      badge();
    });
    source.onopen = () => { broken = false; badge(); };
    source.onerror = () => { broken = true; badge(); };  // EventSource reconnects itself
    setInterval(badge, 1000);
  }

  const embedded = document.getElementById("board-data");
  if (embedded) receive(JSON.parse(embedded.textContent));
  setInterval(tick, 200);
  return { on(listener) { listeners.push(listener); }, connect, mmss, board: () => board };
})();
