"use strict";
// A player's own page (T-PAGE-1): its live part is fetched again (in the page's language) whenever
// the change stream says the tournament changed; a move to another seat is told by a vibration and
// a short tone where the browser allows them (a page not touched yet may not play sound).
(() => {
  const main = document.getElementById("player");
  const card = () => main.querySelector(".player-card");
  const place = () => `${card().dataset.table}/${card().dataset.seat}`;
  const query = new URLSearchParams(location.search);
  query.set("partial", "1");
  let seq = Number(card().dataset.seq);
  let where = place();
  let audio = null;
  document.addEventListener("pointerdown", () => {  // a touch lets the page play its tone later
    try { audio = audio || new AudioContext(); } catch (_) { /* no sound here */ }
  }, { once: true });

  function tell() {
    if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
    try {
      const context = audio || new AudioContext();
      const tone = context.createOscillator();
      tone.frequency.value = 880;
      tone.connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.4);
    } catch (_) { /* the browser allows no sound yet */ }
    card().classList.add("news");
  }

  // His table's shot clock (T-SHOT-1) counts down between fetches.
  let fetchedAt = performance.now();
  setInterval(() => {
    const shot = main.querySelector("[data-shot-left]");
    if (!shot) return;
    const left = Math.max(0, Math.ceil(Number(shot.dataset.shotLeft) - (performance.now() - fetchedAt) / 1000));
    shot.querySelector(".left").textContent = left > 0 ? String(left) : shot.dataset.time;
  }, 250);

  let asked = 0;
  async function refresh() {
    const mine = ++asked;
    const response = await fetch(`${location.pathname}?${query}`, { credentials: "omit" });
    if (!response.ok || mine !== asked) return;
    main.innerHTML = await response.text();
    fetchedAt = performance.now();
    seq = Number(card().dataset.seq);
    const now = place();
    if (now !== where && card().dataset.table) tell();
    where = now;
  }

  const source = new EventSource("../api/events");
  source.addEventListener("board", (event) => {
    const board = JSON.parse(event.data);
    if (board.seq !== seq) refresh();
  });
})();
