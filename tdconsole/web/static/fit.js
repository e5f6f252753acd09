"use strict";
// What the TV's stylesheet cannot promise for every tournament: a longer number or name than the
// sizes were made for (blinds of 1.000.000 / 2.000.000, a long tournament name) is shrunk until it
// fits its box, and the payout ladder shows the rows that fit whole, then "N places paid".
const Fit = (() => {
  function shrink(element) {
    element.style.fontSize = "";
    let size = parseFloat(getComputedStyle(element).fontSize);
    for (let step = 0; step < 40 && element.scrollWidth > element.clientWidth + 1; step++) {
      size *= 0.95;
      element.style.fontSize = `${size}px`;
    }
  }

  function rows(list) {
    const more = list.querySelector(".more");
    const items = [...list.children].filter((item) => item !== more);
    for (const item of items) item.hidden = false;
    if (more) more.hidden = true;
    const overflows = () => list.scrollHeight > list.clientHeight + 1;
    for (let last = items.length - 1; last >= 0 && overflows(); last--) {
      items[last].hidden = true;
      if (more) more.hidden = false;
    }
  }

  function all(root) {
    for (const element of root.querySelectorAll(".fit")) shrink(element);
    for (const list of root.querySelectorAll(".ladder")) rows(list);
  }

  return { all };
})();
