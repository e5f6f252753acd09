"use strict";
// The TV: each board message replaces the page's board (rendered by the server); live.js counts down.
(() => {
  const main = document.getElementById("board");
  let shown = Live.board() ? Live.board().html || null : null;
  Live.on((board) => {
    if (board.html && board.html !== shown) {
      main.innerHTML = board.html;
      shown = board.html;
    }
    document.title = board.tournament.name;
  });
  Live.connect();
})();
