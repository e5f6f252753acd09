"use strict";
// "Find my seat": answers as the player types, and again after every change (a move, a broken table).
(() => {
  const input = document.getElementById("q");
  const results = document.getElementById("seats");
  const form = document.getElementById("seat-form");
  let timer = null, asked = 0;

  function search() {
    const query = input.value.trim();
    const mine = ++asked;
    fetch(`seat?partial=1&q=${encodeURIComponent(query)}`)
      .then((r) => r.text())
      .then((html) => { if (mine === asked) results.innerHTML = html; })
      .catch(() => {});
  }
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(search, 200); });
  form.addEventListener("submit", (event) => { event.preventDefault(); search(); });
  let seq = null;
  Live.on((board) => { if (seq !== null && board.seq !== seq && input.value.trim()) search(); seq = board.seq; });
  Live.connect();
})();
