"use strict";
// The staff remote. Every action is POST /api/commands/VERB: the CLI's command, run by the server as
// the logged-in staff member (the service refuses what the role may not do). The live parts of the
// page (clock, seated players, hand-for-hand, clock calls) are rendered by the server and re-fetched
// after every change on the stream.
(() => {
  const $ = (selector) => document.querySelector(selector);
  const status = $("#status");

  function say(text, ok = true) {
    status.textContent = text;
    status.className = "status " + (ok ? "ok" : "error");
  }

  async function post(url, body, csrf) {
    const headers = { "Content-Type": "application/json" };
    if (csrf) headers["X-CSRF-Token"] = csrf;
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body || {}),
                                        credentials: "same-origin" });
    const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      const error = new Error(data.error || `HTTP ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  // ---------------------------------------------------------------- log-in page
  const login = $("#login");
  if (login) {
    login.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await post("api/login", { staff: $("#staff").value, pin: $("#pin").value });
        location.reload();  // the server renders the remote with this session's CSRF token
      } catch (error) {
        say(error.message, false);
        $("#pin").value = "";
      }
    });
    return;
  }

  const csrf = document.querySelector('meta[name="csrf"]').content;
  const role = document.querySelector('meta[name="role"]').content;
  // The words this script writes, in the page's language: the server renders them into #words
  // (remote.html); `say("left", {left: 3})` fills in the {fields}.
  const words = JSON.parse($("#words").textContent);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  const t = (key, values = {}) => fill(words[key], values);
  // A count's words: the server renders ngettext's forms for one and for many (remote.html), which
  // is every form English and Danish have.
  const tn = (key, n, values = {}) => fill(words[key][n === 1 ? 0 : 1], { n, ...values });

  async function command(verb, body) {
    try {
      const result = await post(`api/commands/${verb}`, body, csrf);
      refresh();
      return result;
    } catch (error) {
      if (error.status === 401) location.reload();
      say(error.message, false);
      throw error;
    }
  }

  function describe(verb, result) {
    // The bust's lines are the server's, the log's own sentences (actions/players.py bust_said):
    // places, prizes, bounties, the alternates seated (T-REG-1), a satellite's end (T-SAT-2).
    if (verb === "bust") return t("left", { busts: result.said.join("; "), left: result.players_left });
    if (verb.startsWith("clock/")) return t("clock", { level: result.level, remaining: result.remaining, state: t(result.running ? "running" : "paused") });
    if (described[verb]) return described[verb](result);
    return t("done");
  }

  // ---------------------------------------------------------------- the live parts
  let asked = 0;
  async function refresh() {
    const mine = ++asked;
    const response = await fetch(`remote/panel?${bustQuery()}`, { credentials: "same-origin" });
    if (response.status === 401) { location.reload(); return; }
    if (!response.ok || mine !== asked) return;
    const parts = document.createElement("div");
    parts.innerHTML = await response.text();
    for (const slot of parts.querySelectorAll("[data-slot]")) {
      const target = document.getElementById(`slot-${slot.dataset.slot}`);
      if (target) target.innerHTML = slot.innerHTML;
    }
    $("#player-names").innerHTML = parts.querySelector('[data-slot="names"]').innerHTML;
    $("#all-names").innerHTML = parts.querySelector('[data-slot="allnames"]').innerHTML;
    // Once it is over there is nothing to bust and no clock to run (the banner says it is over).
    const over = !!document.querySelector("#slot-banner .end");
    document.body.classList.toggle("finished", over);
    if (over && role === "td" && !$("#tab-bust").hidden) document.querySelector('[data-tab="money"]').click();
    const line = document.querySelector(".clock-line");
    const toggle = $("#pause-resume");
    if (toggle && line) {
      const running = line.dataset.running === "yes";
      toggle.dataset.verb = running ? "clock/pause" : (line.dataset.started === "no" ? "clock/start" : "clock/resume");
      toggle.textContent = t(running ? "pause" : (toggle.dataset.verb === "clock/start" ? "start" : "resume"));
    }
    if (role === "td") showPicked();
    panelAt = performance.now();
  }

  // A clock call counts down on the phone between refreshes (C-CLOCK-1: the floor watches it).
  let panelAt = performance.now();
  setInterval(() => {
    const gone = (performance.now() - panelAt) / 1000;
    for (const element of document.querySelectorAll("[data-call-left]")) {
      const left = Math.ceil(Number(element.dataset.callLeft) - gone);
      element.textContent = left > 0 ? t("seconds", { n: left }) : t("time");
      // The ruling is made once the time is up (C-CLOCK-1), not before.
      const ruling = element.closest(".call").querySelector("[data-ruling-call]");
      if (ruling) ruling.disabled = left > 0;
    }
  }, 250);

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-verb]");
    if (!button) return;
    const verb = button.dataset.verb;
    const body = button.dataset.body ? JSON.parse(button.dataset.body) : {};
    // Money changes hands by the method picked for it, the house's default unless the TD changed it.
    const method = button.dataset.method === "method" ? $("#desk-method") : (button.dataset.method === "paid" ? $("#reg-paid") : null);
    if (method) body[button.dataset.method] = method.value || null;
    // Every command that changes the night asks first, in words (a wrong tap is not a wrong bust).
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
    button.disabled = true;
    try { say(describe(verb, await command(verb, body))); } catch (_) { /* said */ }
    button.disabled = false;
  });

  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.addEventListener("click", () => {
      for (const other of document.querySelectorAll("[data-tab]")) {
        other.classList.toggle("on", other === tab);
        $(`#tab-${other.dataset.tab}`).hidden = other !== tab;
      }
    });
  }

  // ---------------------------------------------------------------- the shot clock (T-SHOT-1)
  $("#shot-go").addEventListener("click", async () => {
    const number = (selector) => { const v = $(selector).value.trim(); return /^\d+$/.test(v) ? Number(v) : null; };
    const table = number("#shot-table");
    if (table === null) { say(t("a_number"), false); return; }
    const body = { table };
    if (number("#shot-seat") !== null) body.seat = number("#shot-seat");
    if (number("#shot-seconds") !== null) body.seconds = number("#shot-seconds");
    try { await command("shot-clock", body); say(t("done")); } catch (_) { /* said */ }
  });

  // ---------------------------------------------------------------- chip counts (T-CHIPS-3)
  // A table's seats in order, a field each, sent together as one count; a count that does not add
  // up is recorded and its warning said (the TD's panel keeps showing it).
  async function chipSheet() {
    const table = $("#chips-table").value.trim();
    const go = $("#chips-go");
    if (!/^\d+$/.test(table)) { $("#chips-seats").replaceChildren(); go.hidden = true; return; }
    const response = await fetch(`remote/chips?table=${table}`, { credentials: "same-origin" });
    if (response.status === 401) { location.reload(); return; }
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      $("#chips-seats").replaceChildren();
      go.hidden = true;
      say(data.error || `HTTP ${response.status}`, false);
      return;
    }
    $("#chips-seats").innerHTML = await response.text();
    go.hidden = false;
  }
  let chipsTyping = null;
  $("#chips-table").addEventListener("input", () => { clearTimeout(chipsTyping); chipsTyping = setTimeout(chipSheet, 250); });
  $("#chips-go").addEventListener("click", async () => {
    const counts = {};
    for (const input of document.querySelectorAll("#chips-seats [data-chips-name]")) {
      const value = input.value.replace(/[^\d]/g, "");
      if (value) counts[input.dataset.chipsName] = Number(value);
    }
    if (!Object.keys(counts).length) { say(t("a_number"), false); return; }
    const go = $("#chips-go");
    go.disabled = true;
    try {
      const result = await command("chips", { counts });
      const line = t("counted", { table: $("#chips-table").value.trim(), n: Object.keys(counts).length });
      say(result.check.warning ? `${line}. ${result.check.warning}` : line, !result.check.warning);
      await chipSheet();
    } catch (_) { /* said */ }
    go.disabled = false;
  });

  $("#logout").addEventListener("click", async () => {
    try { await post("api/logout", {}, csrf); } catch (_) { /* gone already */ }
    location.reload();
  });

  // ---------------------------------------------------------------- busts (TD)
  const picked = new Map();  // name -> stack typed
  // Which buttons the server sends (web/bust_list.py): those of the name typed or the table picked
  // (a festival's every player is too many), and always the picked ones'.
  let bustTable = "";
  function bustQuery() {
    const query = new URLSearchParams();
    const row = $("#row-player");
    if (row && row.value.trim()) query.set("player", row.value.trim());
    const filter = $("#bust-filter");
    if (filter && filter.value.trim()) query.set("q", filter.value.trim());
    if (bustTable) query.set("table", bustTable);
    for (const name of picked.keys()) query.append("picked", name);
    return query.toString();
  }
  // What a bust asks is the server's (views/busts.py `bust_questions`, its `asks`): the form (the
  // knocker and whether he must be named, the stacks, the disqualification, a rebuy offered) is
  // drawn from that JSON alone, as the TUI's bust dialog asks the same questions.
  let knocker = "";  // kept while a bust is being put together
  let disqualified = false;
  let asking = { key: "", asks: [] };
  const askKey = () => JSON.stringify([[...picked.keys()], disqualified]);
  async function ask() {
    const key = askKey();
    if (key === asking.key) return;
    let asked = { asks: [] };
    if (picked.size) {
      try { asked = await post("api/bust/questions", { names: [...picked.keys()], disqualified }, csrf); } catch (error) { say(error.message, false); return; }
    }
    if (key !== askKey()) return;  // picked again meanwhile: that answer draws the form
    asking = { key, asks: asked.asks };
    drawAsks();
  }
  function drawAsks() {
    const asks = asking.asks;
    const stacks = new Map(asks.filter((a) => a.field === "stack").map((a) => [a.player, a]));
    $("#bust-picked").replaceChildren(...[...picked.entries()].map(([name, stack]) => {
      const row = document.createElement("div");
      row.className = "picked";
      const label = document.createElement("span");
      label.textContent = name;
      row.append(label);
      const asked = stacks.get(name);
      if (asked) {
        const input = document.createElement("input");
        input.inputMode = "numeric";
        input.placeholder = asked.label;
        input.setAttribute("aria-label", asked.label);
        input.value = stack;
        input.addEventListener("input", () => picked.set(name, input.value));
        row.append(input);
      }
      return row;
    }));
    $("#bust-asks").replaceChildren(...asks.filter((a) => a.field !== "stack").map((a) => {
      const id = `bust-${a.field}`;
      if (a.kind === "note") return Object.assign(document.createElement("p"), { className: "note", textContent: a.label });
      const label = Object.assign(document.createElement("label"), { htmlFor: id });
      if (a.kind === "choice") {
        label.textContent = a.label;
        const select = Object.assign(document.createElement("select"), { id, required: a.required });
        select.replaceChildren(new Option("—", ""), ...a.choices.map((name) => new Option(name, name, false, name === knocker)));
        select.addEventListener("change", () => { knocker = select.value; });
        const wrap = document.createElement("div");
        wrap.append(label, select);
        return wrap;
      }
      const box = Object.assign(document.createElement("input"), { type: "checkbox", id, checked: disqualified });
      box.addEventListener("change", () => { disqualified = box.checked; ask(); });
      label.className = "check";
      label.append(box, ` ${a.label}`);
      return label;
    }));
  }
  function showPicked() {
    // Every seated player, whichever buttons are shown (the names slot marks them).
    const seated = new Set([...document.querySelectorAll("#player-names option[data-seated]")].map((o) => o.value));
    for (const button of document.querySelectorAll(".pick")) button.classList.toggle("selected", picked.has(button.dataset.name));
    for (const name of [...picked.keys()]) if (!seated.has(name)) picked.delete(name);
    // A new bust starts with nobody chosen, so the last one's knocker never takes a second bounty
    // unseen (T-PKO-1).
    if (!picked.size) { knocker = ""; disqualified = false; }
    ask();
    const go = $("#bust-go");
    go.disabled = picked.size === 0;
    $("#bust-bar").hidden = picked.size === 0;
    go.textContent = picked.size > 1 ? t("bust_many", { n: picked.size }) : t("bust");
  }
  if (role === "td") {
    let typing = null;
    $("#bust-filter").addEventListener("input", () => { clearTimeout(typing); typing = setTimeout(refresh, 150); });
    $("#slot-players").addEventListener("click", (event) => {
      const table = event.target.closest("[data-pick-table]");
      if (table) {
        bustTable = bustTable === table.dataset.pickTable ? "" : table.dataset.pickTable;
        $("#bust-filter").value = "";  // a name typed would be searched at every table instead
        refresh();
        return;
      }
      const button = event.target.closest(".pick");
      if (!button) return;
      const name = button.dataset.name;
      if (picked.has(name)) picked.delete(name); else picked.set(name, "");
      showPicked();
    });
    $("#bust-go").addEventListener("click", async () => {
      const names = [...picked.keys()];
      // C-PEN-1: a disqualified player is knocked out by nobody and placed on leaving (no stack);
      // in a PKO the bounty goes to the prize pool (T-PKO-4), so no rebuy is offered.
      // Only what the form asked is sent: a stack or a knocker it did not ask for is not the TD's answer.
      const askedFor = new Set(asking.asks.map((a) => `${a.field} ${a.player ?? ""}`));
      const stack = {};
      for (const [name, value] of picked) if (askedFor.has(`stack ${name}`) && value.trim()) stack[name] = Number(value.replace(/[^0-9]/g, ""));
      const body = disqualified ? { names, disqualified } : { names, stack };
      if (!disqualified && askedFor.has("by ") && knocker) body.by = [knocker];
      // What the bust asks is the server's (views/busts.py), as the TUI's bust dialog asks it.
      const questions = async () => {
        try { return await post("api/bust/questions", body, csrf); } catch (error) { say(error.message, false); throw error; }
      };
      let asked;
      try { asked = await questions(); } catch (_) { return; /* said */ }
      // T-REBUY-1: each player busting in the rebuy period is asked first, in turn.
      const rebuying = new Map();  // name -> a double
      for (const offer of asked.rebuy) {
        if (!confirm(t("rebuy_confirm", { name: offer.name }))) continue;
        rebuying.set(offer.name, offer.double && confirm(t("rebuy_double", { name: offer.name })));
      }
      const done = (lines) => {
        say(lines.join("; "));
        picked.clear();
        $("#bust-filter").value = "";
        showPicked();
      };
      // A rebuy is bought instead of the bust (T-REBUY-1), with the knocker chosen: in a
      // progressive knockout the knockout stands as after `bust --by` and a rebuy after it, in one
      // command (T-PKO-6); with a fixed bounty it pays nothing. The log's sentence says which it
      // was (and his rebuys so far) rather than drop the knocker without a word.
      const rebuy = async (lines) => {
        for (const [name, double] of rebuying) {
          const request = body.by ? { name, double, knocked_out_by: body.by } : { name, double };
          lines.push(describe("rebuy", await command("rebuy", request)));
        }
        return lines;
      };
      let rebought;
      try { rebought = await rebuy([]); } catch (_) { return; /* said; the rebuys before it stand */ }
      const out = names.filter((name) => !rebuying.has(name));
      if (!out.length) {
        done(rebought);
        return;
      }
      body.names = out;
      if (body.stack) for (const name of Object.keys(body.stack)) if (!out.includes(name)) delete body.stack[name];
      // The confirmation: the places (or in hand-for-hand the tables, T-H4H-1) and what the bounties
      // pay; a bust that would be refused as it stands (a PKO's knocker not chosen, T-PKO-1) says why.
      if (rebuying.size) try { asked = await questions(); } catch (_) { if (rebought.length) done(rebought); return; }
      if (asked.confirm === null || !confirm(asked.confirm.join("\n"))) {
        if (asked.confirm === null) say(asked.refused, false);
        if (rebought.length) done(rebought);
        return;
      }
      try {
        done([...rebought, describe("bust", await command("bust", body))]);
      } catch (_) { /* said */ }
    });
    const plan = $("#balance-plan");
    const showPlan = (result, applied) => {
      const lines = [];
      const line = (text, className = "") => Object.assign(document.createElement("p"), { textContent: text, className });
      // T-BREAK-1: a table to break first is broken from here (its draw shown and asked first);
      // the moves wait for it.
      if (result.break !== null && result.break !== undefined) {
        lines.push(line(t("break_first", { table: result.break })));
        const button = Object.assign(document.createElement("button"), { className: "big primary",
          textContent: t("break_table", { table: result.break }) });
        button.dataset.preview = "break-table";
        button.dataset.body = JSON.stringify({ table: result.break });
        lines.push(button);
      }
      for (const m of result.moves) {
        lines.push(line(t(applied ? "moved" : "move", { player: m.player, from_table: m.from.table, from_seat: m.from.seat,
                                                        to_table: m.to.table, to_seat: m.to.seat, rule: m.rule }), "move"));
      }
      if (result.halt.length) lines.push(line(t("halt", { tables: result.halt.join(", ") })));
      if (!lines.length) lines.push(line(t("balanced")));
      plan.replaceChildren(...lines);
      if (applied) say(lines.map((element) => element.textContent).join("; "));
    };
    // The buttons come with each refresh of the tables (none in a shootout, T-SHOOT-1): listened
    // for on the document, as the other buttons of the refreshed parts are.
    document.addEventListener("click", async (event) => {
      if (!event.target.closest("#balance-show")) return;
      plan.replaceChildren();  // the old plan (a table since broken) is not read as the new one
      try { showPlan(await command("balance", {}), false); } catch (_) { /* said */ }
    });
    document.addEventListener("click", async (event) => {
      if (!event.target.closest("#balance-apply")) return;
      // The moves are shown and asked first: Apply moves real players.
      let shown;
      try { shown = await command("balance", {}); } catch (_) { return; /* said */ }
      showPlan(shown, false);
      if (shown.break !== null && shown.break !== undefined) return;  // the table is broken first
      if (!shown.moves.length) { say(t("balanced")); return; }
      const lines = [...plan.querySelectorAll("p")].map((element) => element.textContent);
      if (!confirm([t("apply_confirm"), ...lines].join("\n"))) return;
      try { showPlan(await command("balance", { apply: true, expect: shown.moves }), true); } catch (_) { /* said */ }
    });
  }

  // ---------------------------------------------------------------- the rulings wizard (floor and TD)
  const wizard = { scenario: null, answers: {}, clockCall: null, walked: null };
  let scenarios = [];
  const number = (selector) => { const v = $(selector).value.trim(); return /^\d+$/.test(v) ? Number(v) : null; };

  function listScenarios() {
    const words = $("#rw-search").value.toLowerCase().split(/\s+/).filter(Boolean);
    const list = $("#rw-scenarios");
    list.replaceChildren(...scenarios
      .filter((s) => words.every((w) => `${s.id} ${s.title} ${s.rules.join(" ")}`.toLowerCase().includes(w)))
      .map((s) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.textContent = s.title;
        button.addEventListener("click", () => start(s.id, {}, null));
        item.append(button);
        return item;
      }));
  }

  function start(scenario, answers, clockCall) {
    Object.assign(wizard, { scenario, answers: { ...answers }, clockCall, walked: null });
    $("#rw-pick").hidden = true;
    $("#rw-walk").hidden = false;
    $("#rw-override").hidden = true;
    walk();
  }

  async function walk(problem) {
    const body = { scenario: wizard.scenario, answers: wizard.answers, player: $("#rw-player").value.trim() || null,
                   table: number("#rw-table") };
    try {
      wizard.walked = await post("api/rulings/walk", body, csrf);
      show(problem);
    } catch (error) {
      if (error.status === 401) location.reload();
      say(error.message, false);
      return false;
    }
    return true;
  }

  function show(problem) {
    const walked = wizard.walked;
    $("#rw-title").textContent = wizard.clockCall ? t("call_title", { id: wizard.clockCall, title: walked.title }) : walked.title;
    $("#rw-answered").textContent = walked.answered.map((given) => given.text).join(" · ");
    const question = walked.suggestion ? null : walked.open[0];
    const area = $("#rw-question");
    area.replaceChildren();
    if (problem) say(problem, false);
    if (question) {
      area.append(Object.assign(document.createElement("p"), { className: "ask", textContent: question.ask }));
      if (question.type === "number") {
        const input = Object.assign(document.createElement("input"), { inputMode: "decimal", placeholder: t("a_number") });
        const ok = Object.assign(document.createElement("button"), { className: "big primary", textContent: t("ok") });
        ok.addEventListener("click", () => answer(question.key, input.value.trim()));
        area.append(input, ok);
      } else {
        const list = document.createElement("ul");
        list.className = "choices";
        question.choices.forEach((value, i) => {
          const button = Object.assign(document.createElement("button"), { textContent: question.labels[i] || value });
          button.addEventListener("click", () => answer(question.key, value));
          const item = document.createElement("li");
          item.append(button);
          list.append(item);
        });
        area.append(list);
      }
    }
    const suggestion = walked.suggestion;
    const box = $("#rw-suggestion");
    box.hidden = !suggestion;
    $("#rw-actions").hidden = !suggestion;
    if (suggestion) {
      const lines = [suggestion.ruling, ...suggestion.remedy.map((step) => "• " + step), t("rules", { rules: suggestion.rules.join(", ") })];
      // A club rule decided against the TDA: name the TDA rule as the difference (Ruling.differs).
      if (suggestion.differs && suggestion.differs.length) lines.push(t("differs", { rules: suggestion.differs.join(", ") }));
      const given = suggestion.penalty;
      if (given) lines.push(t("penalty", { penalty: (words.kinds[given.kind] || given.kind) + (given.amount ? " " + given.amount : "") }));
      box.replaceChildren(...lines.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
      if (!$("#rw-decision").value) $("#rw-decision").value = suggestion.ruling;
    }
  }

  async function answer(key, value) {
    wizard.answers[key] = value;
    if (!(await walk())) delete wizard.answers[key];
  }

  function restart() {
    Object.assign(wizard, { scenario: null, answers: {}, clockCall: null, walked: null });
    for (const id of ["#rw-player", "#rw-seat", "#rw-decision", "#rw-reason", "#rw-search"]) $(id).value = "";
    $("#rw-pick").hidden = false;
    $("#rw-walk").hidden = true;
    listScenarios();
  }

  $("#rw-search").addEventListener("input", listScenarios);
  $("#rw-back").addEventListener("click", () => {
    const keys = Object.keys(wizard.walked ? wizard.walked.answers : wizard.answers);
    const last = keys.filter((k) => k in wizard.answers).pop();
    if (last) { delete wizard.answers[last]; walk(); } else if (!wizard.clockCall) restart();
  });
  $("#rw-new").addEventListener("click", restart);
  $("#rw-override-open").addEventListener("click", () => { $("#rw-override").hidden = false; });
  for (const id of ["#rw-player", "#rw-table"]) $(id).addEventListener("change", () => wizard.scenario && walk());
  $("#rw-log").addEventListener("click", async () => {
    const overriding = !$("#rw-override").hidden;
    const player = $("#rw-player").value.trim();
    const answers = { ...wizard.answers };
    if (player) delete answers.earlier;  // the log counts the player's earlier offences itself
    const body = { scenario: wizard.scenario, answer: answers, table: number("#rw-table"),
                   seat: number("#rw-seat"), player: player ? [player] : [] };
    if (wizard.clockCall) body.clock_call = wizard.clockCall;
    if (overriding) Object.assign(body, { decision: $("#rw-decision").value, reason: $("#rw-reason").value });
    try {
      const row = await command("rulings/log", body);
      say(t("logged", { id: row.id, decision: row.decision }));
      restart();
    } catch (_) { /* said */ }
  });
  command("rulings/scenarios", {}).then((rows) => { scenarios = rows; listScenarios(); }).catch(() => {});

  // ---------------------------------------------------------------- registration (TD)
  // Names one a line, all or none (the action refuses the lot in one line); after the draw each is
  // seated at once (TDA 8A), or waits as an alternate when every seat is taken (T-REG-1).
  const regGo = $("#reg-go");
  if (regGo) {
    regGo.addEventListener("click", async () => {
      const names = $("#reg-names").value.split("\n").map((name) => name.trim()).filter(Boolean);
      if (!names.length) return;
      const paid = $("#reg-paid").value;
      try {
        const result = await command("register", { names, paid: paid || null, unpaid: !paid });
        const waiting = new Map((result.alternates || []).map((row) => [row.name, row.alternate]));
        const lines = result.registered.map((row) => row.table == null ? t("registered", row)
          : t(row.waits ? "registered_waits" : "registered_seat", row));
        for (const [name, number] of waiting) lines.push(t("alternate_waits", { name, number }));
        say(lines.join("; ") + " · " + tn("entries", result.entries));
        $("#reg-names").value = "";
        $("#reg-paid").value = $("#reg-paid").dataset.default;  // the next player pays the usual way unless told
        $("#reg-names").focus();
      } catch (error) { /* said by command() */ }
    });
  }

  // ---------------------------------------------------------------- clock calls (floor and TD)
  // A flight's survivors bag (T-FLIGHT-2): one player's count at a time, the field ready for the next.
  const bagGo = $("#bag-go");
  if (bagGo) {
    bagGo.addEventListener("click", async () => {
      const name = $("#bag-player").value.trim(), chips = $("#bag-chips").value.trim();
      if (!name || !chips) return;
      try {
        const result = await command("bag", { counts: [`${name}=${chips}`] });
        say(result.bagged.map((row) => t("bagged", row)).join("; "));
        $("#bag-player").value = "";
        $("#bag-chips").value = "";
        $("#bag-player").focus();
      } catch (error) { /* said by command() */ }
    });
  }

  $("#call-player").addEventListener("change", () => {
    const option = [...document.querySelectorAll("#player-names option[data-seated]")].find((o) => o.value === $("#call-player").value.trim());
    if (option) { $("#call-table").value = option.dataset.table; $("#call-seat").value = option.dataset.seat; }
  });
  $("#call-go").addEventListener("click", async () => {
    const body = { table: number("#call-table"), seat: number("#call-seat"),
                   facing_bet: $("#call-facing").checked, player: $("#call-player").value.trim() || null };
    try {
      const row = await command("rulings/clock-call", body);
      say(t("called", { id: row.id, seconds: row.total_seconds, rules: row.rules.join(", ") }));
    } catch (_) { /* said */ }
  });
  // A clock call's ruling, or a shot clock's run out (T-SHOT-1: call 0, the table filled in).
  document.querySelector("#tab-call").addEventListener("click", (event) => {
    const button = event.target.closest("[data-ruling-call]");
    if (!button) return;
    $("#rw-table").value = button.dataset.table;
    $("#rw-seat").value = button.dataset.seat;
    $("#rw-player").value = button.dataset.player;
    document.querySelector('[data-tab="ruling"]').click();
    start("clock-call", {}, Number(button.dataset.rulingCall));
  });

  // A player placed by hand (T-SEAT-1; T-MOVE-1 refuses a seat that makes him pay the blinds twice).
  $("#move-go")?.addEventListener("click", async () => {
    const name = $("#move-player").value.trim();
    const body = { name, table: number("#move-table"), seat: number("#move-seat"), force: $("#move-force").checked };
    if (!confirm(t("move_ask", { player: name, table: body.table ?? "?", seat: body.seat ?? "?" }))) return;
    try {
      const moved = await command("move", body);
      say(t("moved", { player: moved.player, from_table: moved.from.table, from_seat: moved.from.seat,
                       to_table: moved.table, to_seat: moved.seat, rule: moved.rules.join(", ") || "T-SEAT-1" }));
    } catch (_) { /* said */ }
  });

  // ---------------------------------------------------------------- the night's other commands (TD)
  // What each command did, in words: the moves a draw or a break made, the slip a prize went on.
  const seatsMoved = (seats, key = "moved") => seats.map((m) => t(key, { player: m.player, from_table: m.from.table,
    from_seat: m.from.seat, to_table: m.to.table, to_seat: m.to.seat, rule: m.rule }));
  const h4hSaid = (result) => result.ended || (result.active ? t("h4h_on") : t("h4h_off"));
  const described = {
    "h4h/start": h4hSaid, "h4h/stop": h4hSaid,
    // The last table done places the hand's busts; the bubble's burst is said (T-H4H-1).
    "h4h/done": (result) => result.ended || t("h4h_waiting", { tables: result.tables.filter((row) => !row.done).map((row) => row.table).join(", ") }),
    "undo": (result) => t("undone", { what: result.undone.summary }),
    // The deal's amounts are the log's sentence; what it asks next is the phone's prompt.
    "deal/propose": (result) => t("deal_proposed", { deal: result.said.join("; ") }),
  };
  // The commands whose events the phone says in the log's own sentences (the server's `said`, as
  // the log screen and `tdconsole log` word them: the entry of a re-entry, the rebuys so far, the
  // tables drawn): the others above say more than their events hold.
  for (const verb of ["pay", "cash/pay-out", "add-on", "unregister", "deal/consent", "deal/approve",
                      "draw", "reenter", "rebuy"]) {
    described[verb] = (result) => result.said.join("; ");
  }
  const moves = $("#table-moves");
  const showMoves = (title, lines) => moves.replaceChildren(...[title, ...lines].map((text) =>
    Object.assign(document.createElement("p"), { textContent: text })));
  // Undo: the last command is fetched when asked and said in words first ("Undo <it> (who)?"); its
  // id goes with the undo, which refuses if another command came in between.
  document.addEventListener("click", async (event) => {
    if (!event.target.closest("#undo-ask")) return;
    const response = await fetch("remote/undo", { credentials: "same-origin" });
    const offer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) { say(offer.error, false); return; }
    if (!confirm(t("undo_confirm", { what: offer.summary, who: offer.actor }))) return;
    try { say(describe("undo", await command("undo", { anyone: true, yes: true, command_id: offer.command_id }))); } catch (_) { /* said */ }
  });
  document.addEventListener("click", async (event) => {
    // Break table and Final table: the draw is shown first; OK makes exactly that draw (its seed).
    const button = event.target.closest("button[data-preview]");
    if (!button) return;
    const verb = button.dataset.preview;
    const body = button.dataset.body ? JSON.parse(button.dataset.body) : {};
    button.disabled = true;
    try {
      const plan = await command(verb, body);
      // A shootout's next round (T-SHOOT-3): every table it draws, each seat by table.
      const drawnSeats = (made) => made.tables.flatMap((table) => Object.entries(table.seats).map(
        ([seat, name]) => t("round_seat", { table: table.table, seat, name })));
      const lines = verb === "break-table" ? seatsMoved(plan.seats, "move")
        : verb === "shootout/draw" ? drawnSeats(plan)
        : Object.entries(plan.seats).map(([seat, name]) => t("final_seat", { seat, name }));
      const ask = verb === "break-table" ? t("break_confirm", { table: plan.table })
        : verb === "shootout/draw" ? t("round_confirm", { round: plan.round }) : t("final_confirm");
      if (!confirm([ask, ...lines].join("\n"))) return;
      const made = await command(verb, { ...body, apply: true, seed: plan.seed });
      $("#balance-plan").replaceChildren();  // its "Break table N first" is done
      if (verb === "break-table") showMoves(t("broken", { table: made.table }), seatsMoved(made.seats));
      else if (verb === "shootout/draw") showMoves(t("round_drawn", { round: made.round }), drawnSeats(made));
      else showMoves(t("final_drawn", { table: made.table }), Object.entries(made.seats).map(([seat, name]) => t("final_seat", { seat, name })));
      say(moves.firstChild.textContent);
    } catch (_) { /* said */ } finally { button.disabled = false; }
  });
  if (role === "td") {
    let rowTyping = null;
    $("#row-player").addEventListener("input", () => { clearTimeout(rowTyping); rowTyping = setTimeout(refresh, 150); });
    document.addEventListener("click", async (event) => {
      if (event.target.id === "drawer-go") {
        const counts = {};
        for (const input of document.querySelectorAll("[data-count]")) {
          const value = input.value.trim();
          if (value) counts[input.dataset.count] = Number(value.replace(/[^0-9-]/g, ""));
        }
        if (!Object.keys(counts).length) return;
        try { await command("cash/count", { counts }); say(t("drawer_counted")); } catch (_) { /* said */ }
      }
    });
  }

  Live.on(() => refresh());
  Live.connect();
})();
