"use strict";
// What the TV's stylesheet cannot promise for every tournament: a longer number or name than the
// sizes were made for (blinds of 1.000.000 / 2.000.000, a long tournament name) is shrunk until it
// fits its box; the payout ladder shows the rows that fit whole, then "N places paid", and the
// league's standings the rows that fit under the result.
const Fit = (() => {
  function shrink(element) {
    // What may be left out rather than shrink the rest (the average's chips beside its big blinds).
    for (const spare of element.querySelectorAll("small")) spare.hidden = false;
    for (const spare of element.querySelectorAll("small")) {
      if (element.scrollWidth > element.clientWidth + 1) spare.hidden = true;
    }
    element.style.fontSize = "";
    let size = parseFloat(getComputedStyle(element).fontSize);
    for (let step = 0; step < 40 && element.scrollWidth > element.clientWidth + 1; step++) {
      size *= 0.95;
      element.style.fontSize = `${size}px`;
    }
  }

  // A ladder's amounts at one size, the widest deciding: a prize of 12 digits (a pool in rupiah or
  // dong) must be read whole at the right edge, and a ladder whose every amount shrank to its own
  // size would look like a mistake. Down to two thirds of the size; what still does not fit wraps
  // (the ladder's "wrapped": anywhere in the number rather than cut at the edge).
  function amounts(list) {
    const cells = [...list.querySelectorAll(".amount")];
    list.style.fontSize = "";
    list.classList.remove("wrapped");
    const wide = () => cells.some((cell) => cell.scrollWidth > cell.clientWidth + 1);
    let size = parseFloat(getComputedStyle(list).fontSize);
    const smallest = size * 2 / 3;
    while (wide() && size * 0.95 >= smallest) {
      size *= 0.95;
      list.style.fontSize = `${size}px`;
    }
    if (wide()) list.classList.add("wrapped");
  }

  function rows(list, box = list) {
    const more = list.querySelector(".more");
    const items = [...list.children].filter((item) => item !== more);
    for (const item of items) item.hidden = false;
    if (more) more.hidden = true;
    const overflows = () => box.scrollHeight > box.clientHeight + 1;
    for (let last = items.length - 1; last >= 0 && overflows(); last--) {
      items[last].hidden = true;
      if (more) more.hidden = false;
    }
  }

  function all(root) {
    for (const element of root.querySelectorAll(".fit, .side .label, .area .label")) shrink(element);
    for (const list of root.querySelectorAll(".ladder")) {
      amounts(list);
      rows(list);
    }
    for (const league of root.querySelectorAll(".league")) rows(league.querySelector("tbody"), league);
    for (const lobby of root.querySelectorAll(".lobby")) rows(lobby.querySelector(".rooms"), lobby);
  }

  return { all };
})();
