/* printandplay serve: the gallery and the deck builder. No framework, no build step. */
"use strict";
(function () {
  const game = document.body.dataset.game;
  if (!game) return;
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const child of children) node.append(child);
    return node;
  };
  const api = (path) => `/api/games/${game}/${path}`;
  let data = null;
  const deck = new Map(); // "section\u0000id" -> count
  const byId = new Map();
  let checkTimer = null;
  let lastText = "";

  function normalize(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/-/g, " ").replace(/\s+/g, " ").trim();
  }

  async function postJson(path, body) {
    const response = await fetch(api(path), {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    return response;
  }

  function fieldText(value) {
    if (value === null || value === undefined) return "";
    if (Array.isArray(value)) return value.map(fieldText).join(", ");
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k}: ${fieldText(v)}`).join("; ");
    return String(value);
  }

  // ---- gallery
  function buildFilters() {
    for (const kind of data.kinds) $("filter-kind").append(el("option", {value: kind.id}, kind.label));
    for (const filter of data.filters) {
      const select = el("select", {"data-field": filter.field, class: "field-filter"},
        el("option", {value: ""}, "all"));
      for (const v of filter.values) select.append(el("option", {value: v.value}, v.label));
      $("field-filters").append(el("label", {}, (filter.label || filter.field) + " ", select));
    }
    $("filters").addEventListener("input", applyFilters);
    $("filters").addEventListener("change", applyFilters);
    $("filters").addEventListener("submit", (e) => e.preventDefault());
  }

  function applyFilters() {
    const kind = $("filter-kind").value;
    const words = normalize($("search").value).split(" ").filter(Boolean);
    const fields = [...document.querySelectorAll(".field-filter")].filter((s) => s.value);
    let shown = 0;
    for (const tile of $("gallery").children) {
      const card = byId.get(tile.dataset.id);
      const ok = (!kind || card.kind === kind)
        && words.every((w) => card.search.includes(w))
        && fields.every((s) => card.fields[s.dataset.field] !== undefined
          && card.fields[s.dataset.field] !== null && String(card.fields[s.dataset.field]) === s.value);
      tile.hidden = !ok;
      if (ok) shown += 1;
    }
    $("shown").textContent = `${shown} of ${data.cards.length}`;
  }

  function sectionsFor(card) {
    if (!data.builder) return [];
    const fmt = currentFormat();
    return data.builder.sections.filter((name) => {
      const rule = fmt.sections[name];
      return rule && (rule.accepts.includes(card.kind) || (rule.allow_field && card.fields[rule.allow_field]));
    });
  }

  function buildGallery() {
    const gallery = $("gallery");
    gallery.replaceChildren();
    for (const card of data.cards) {
      const image = card.faces.front
        ? el("img", {src: card.faces.front, alt: card.name, loading: "lazy", class: "face"})
        : el("div", {class: "face blank"}, card.name);
      const tile = el("figure", {class: "card", "data-id": card.id, "data-kind": card.kind},
        el("button", {type: "button", class: "open", title: "details", onclick: () => showDetails(card)}, image),
        el("figcaption", {}, el("span", {class: "name"}, card.name), el("span", {class: "copies"}, "")));
      const adds = el("div", {class: "adds"});
      for (const section of sectionsFor(card)) {
        adds.append(el("button", {type: "button", class: "add", "data-section": section,
          onclick: () => change(section, card.id, 1)}, "+ " + section));
      }
      tile.append(adds);
      gallery.append(tile);
    }
    $("status").textContent = "";
    applyFilters();
  }

  function showDetails(card) {
    const faces = $("details-faces");
    faces.replaceChildren();
    for (const side of ["front", "back"]) {
      if (card.faces[side]) faces.append(el("img", {src: card.faces[side], alt: `${card.name} (${side})`}));
    }
    $("details-name").textContent = card.name;
    $("details-kind").textContent = `${card.kind_label} · ${card.id} · ${card.count} in the kit`;
    const table = $("details-fields");
    table.replaceChildren();
    for (const [name, value] of Object.entries(card.fields)) {
      if (value === null || value === "" || (Array.isArray(value) && !value.length)) continue;
      table.append(el("tr", {}, el("th", {}, name), el("td", {}, fieldText(value))));
    }
    $("details").showModal();
  }

  // ---- deck
  function currentFormat() {
    const id = $("deck-format") ? $("deck-format").value || data.builder.default : data.builder.default;
    return data.builder.formats.find((f) => f.id === id) || data.builder.formats[0];
  }

  function used(id) {
    let n = 0;
    for (const [key, count] of deck) if (key.split("\u0000")[1] === id) n += count;
    return n;
  }

  function change(section, id, delta) {
    const key = section + "\u0000" + id;
    const card = byId.get(id);
    if (delta > 0 && $("deck-collection").checked && used(id) >= card.owned) {
      $("print-status").textContent = `${card.name}: all ${card.owned} owned copies are in the deck`;
      return;
    }
    const count = (deck.get(key) || 0) + delta;
    if (count > 0) deck.set(key, count); else deck.delete(key);
    renderDeck();
    scheduleCheck();
  }

  function deckPayload() {
    const headers = {};
    for (const select of document.querySelectorAll(".deck-header")) {
      if (select.value) headers[select.dataset.field] = select.value;
    }
    const cards = [...deck].map(([key, count]) => {
      const [section, id] = key.split("\u0000");
      return {section, id, count};
    });
    return {format: currentFormat().id, headers, cards, collection: $("deck-collection").checked,
      name: $("deck-name").value || "deck"};
  }

  function renderDeck() {
    const holder = $("deck-sections");
    holder.replaceChildren();
    for (const section of data.builder.sections) {
      const rows = [...deck].filter(([key]) => key.split("\u0000")[0] === section);
      const total = rows.reduce((sum, [, count]) => sum + count, 0);
      const list = el("ul", {class: "deck-list", "data-section": section});
      rows.sort((a, b) => byId.get(a[0].split("\u0000")[1]).name.localeCompare(byId.get(b[0].split("\u0000")[1]).name));
      for (const [key, count] of rows) {
        const id = key.split("\u0000")[1];
        const card = byId.get(id);
        list.append(el("li", {"data-id": id},
          el("span", {class: "count"}, String(count)), " ", el("span", {class: "name"}, card.name),
          el("button", {type: "button", class: "minus", title: "remove one", onclick: () => change(section, id, -1)}, "−"),
          el("button", {type: "button", class: "plus", title: "add one", onclick: () => change(section, id, 1)}, "+")));
      }
      holder.append(el("h3", {}, `${section} `, el("span", {class: "muted", "data-total": section}, `(${total})`)), list);
    }
    for (const tile of $("gallery").children) {
      const n = used(tile.dataset.id);
      const card = byId.get(tile.dataset.id);
      tile.querySelector(".copies").textContent = n ? `${n}/${card.owned}` : "";
      tile.classList.toggle("in-deck", n > 0);
    }
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 60);
  }

  function showReport(report) {
    const verdict = $("verdict");
    verdict.textContent = report.valid ? "✓ valid" : `✗ invalid (${report.errors.length})`;
    verdict.className = "verdict " + (report.valid ? "valid" : "invalid");
    verdict.dataset.valid = String(report.valid);
    const list = $("violations");
    list.replaceChildren();
    for (const [severity, items] of [["error", report.errors], ["warning", report.warnings]]) {
      for (const v of items) {
        const evidence = [];
        if (v.expected !== undefined) evidence.push(`expected ${fieldText(v.expected)}`);
        if (v.actual !== undefined) evidence.push(`actual ${fieldText(v.actual)}`);
        list.append(el("li", {class: severity, "data-rule": v.rule},
          el("code", {class: "rule"}, v.rule), " ", v.message,
          evidence.length ? el("span", {class: "muted"}, ` (${evidence.join(", ")})`) : ""));
      }
    }
  }

  async function check() {
    const response = await postJson("validate", deckPayload());
    const body = await response.json();
    if (!response.ok) { $("verdict").textContent = body.error; return; }
    lastText = body.text;
    showReport(body);
  }

  async function importText() {
    const response = await postJson("import", {text: $("deck-text").value, format: currentFormat().id});
    const body = await response.json();
    if (!response.ok) { $("import-notes").textContent = body.error; return; }
    deck.clear();
    for (const entry of body.deck.cards) {
      const key = entry.section + "\u0000" + entry.id;
      deck.set(key, (deck.get(key) || 0) + entry.count);
    }
    for (const select of document.querySelectorAll(".deck-header")) {
      select.value = body.deck.headers[select.dataset.field] || "";
    }
    $("import-notes").textContent = body.deck.unknown.length
      ? "Not imported: " + body.deck.unknown.map((u) => `line ${u.line}: ${u.name}`).join("; ") : "";
    renderDeck();
    showReport(body.report);
    scheduleCheck();
  }

  function download(blob, name) {
    const url = URL.createObjectURL(blob);
    const link = el("a", {href: url, download: name});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  function showBuildWarnings(response) {
    // the build's warnings (text that had to shrink, low contrast…): their count, the first ones
    const list = $("print-warnings");
    list.replaceChildren();
    const count = Number(response.headers.get("x-warnings") || "0");
    let messages = [];
    try { messages = JSON.parse(response.headers.get("x-warning-messages") || "[]"); } catch (e) { messages = []; }
    for (const message of messages) list.append(el("li", {class: "warning"}, "⚠ " + message));
    if (count > messages.length) list.append(el("li", {class: "warning"}, `… and ${count - messages.length} more`));
    list.dataset.count = String(count);
    return count;
  }

  async function build(path, what) {
    const status = $("print-status");
    status.textContent = `Building the ${what}…`;
    status.dataset.state = "busy";
    $("print-warnings").replaceChildren();
    const response = await postJson(path, {deck: deckPayload(), paper: $("paper").value,
      flip: $("flip").value, back_offset: $("back-offset").value, margin: Number($("margin").value),
      force: $("force").checked});
    if (!response.ok) {
      const body = await response.json();
      status.textContent = body.error;
      status.dataset.state = "error";
      if (body.report) showReport(body.report);
      return;
    }
    const disposition = response.headers.get("content-disposition") || "";
    const match = /filename="?([^";]+)"?/.exec(disposition);
    const name = match ? match[1] : `${what}.bin`;
    download(await response.blob(), name);
    const warned = showBuildWarnings(response);
    status.textContent = `Downloaded ${name}` + (warned ? ` (${warned} warning${warned > 1 ? "s" : ""})` : "");
    status.dataset.state = "done";
    status.dataset.file = name;
  }

  function buildDeckPane() {
    for (const fmt of data.builder.formats) {
      const option = el("option", {value: fmt.id}, fmt.label);
      if (fmt.id === data.builder.default) option.selected = true;
      $("deck-format").append(option);
    }
    for (const header of data.builder.headers) {
      const select = el("select", {class: "deck-header", "data-field": header.field},
        el("option", {value: ""}, "—"));
      for (const v of header.values) select.append(el("option", {value: v.value}, v.label));
      $("deck-headers").append(el("label", {}, header.label + " ", select));
    }
    $("deck").addEventListener("change", (e) => {
      if (e.target.id === "deck-format") buildGallery();
      if (["deck-format", "deck-collection", "deck-name"].includes(e.target.id)
          || e.target.classList.contains("deck-header")) { renderDeck(); scheduleCheck(); }
    });
    $("import").addEventListener("click", importText);
    $("export").addEventListener("click", () => {
      $("deck-text").value = lastText;
      download(new Blob([lastText], {type: "text/plain"}), `${$("deck-name").value || "deck"}.txt`);
    });
    $("print").addEventListener("click", () => build("print", "PDF"));
    $("tts").addEventListener("click", () => build("tts", "Tabletop Simulator export"));
    renderDeck();
    check();
  }

  async function start() {
    const response = await fetch(api("cards"));
    const body = await response.json();
    if (!response.ok) {
      $("status").textContent = body.error + (body.problems ? ": " + body.problems.join("; ") : "");
      return;
    }
    data = body;
    for (const card of data.cards) byId.set(card.id, card);
    buildFilters();
    buildGallery();
    if (data.builder && $("deck")) buildDeckPane();
    document.body.dataset.ready = "true";
  }
  start();
})();
