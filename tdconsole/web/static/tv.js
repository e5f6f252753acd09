"use strict";
// The TV: each board message replaces the page's board (rendered by the server); live.js counts down.
(() => {
  const main = document.getElementById("board");
  let shown = Live.board() ? Live.board().html || null : null;
  Live.on((board) => {
    if (board.html && board.html !== shown) {
      main.innerHTML = board.html;
      shown = board.html;
      Fit.all(main);
    }
    document.title = board.tournament.name;
  });
  Fit.all(main);
  window.addEventListener("resize", () => Fit.all(main));
  Live.connect();
})();
