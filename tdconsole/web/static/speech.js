"use strict";
// The TV as the room's voice (the house setting speech.speaker = "tv"): each new announcement in the
// board is played from the WAV the server renders with espeak-ng (offline, the display terminal's voice;
// web/speaking.py says why not speechSynthesis), one after another, never over each other. A browser
// plays sound only after a click or a key on the page (its autoplay policy), so the TV starts muted and
// says so; the button or "m" turns the sound on and off. What was announced before the page opened is
// not played.
(() => {
  const button = document.getElementById("sound");
  const played = new Set();
  const waiting = [];
  let playing = null;
  let on = false;
  const key = (item) => `${item.time}|${item.kind}`;

  function show(board) {
    button.hidden = !(board && board.speaks);
    button.textContent = on ? button.dataset.on : button.dataset.off;
    button.setAttribute("aria-pressed", String(on));
  }

  function next() {
    if (playing || !on || !waiting.length) return;
    const item = waiting.shift();
    playing = new Audio(item.wav);
    playing.onended = playing.onerror = () => { playing = null; next(); };
    playing.play().catch(() => { playing = null; on = false; waiting.length = 0; show(Live.board()); });
  }

  function hear(board) {
    for (const item of board.announcements || []) {
      if (played.has(key(item))) continue;
      played.add(key(item));
      if (on && board.speaks) waiting.push(item);
    }
    show(board);
    next();
  }

  function toggle() {
    on = !on;
    if (!on) {
      waiting.length = 0;
      if (playing) { playing.pause(); playing = null; }
    }
    show(Live.board());
    next();
  }

  const first = Live.board();
  for (const item of (first && first.announcements) || []) played.add(key(item));
  show(first);
  Live.on(hear);
  button.addEventListener("click", toggle);
  document.addEventListener("keydown", (event) => { if (event.key === "m") toggle(); });
})();
