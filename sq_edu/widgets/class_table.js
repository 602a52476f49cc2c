// ClassTable: the live class view as one real <table>. Column headers are buttons that sort
// (aria-sort says how); each learner's name is a button that opens their skills. A stuck
// learner's row says so in words ("Stuck: 3 wrong in a row"), not by colour alone.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "sq-class-table-wrap";
  const table = document.createElement("table");
  // sq-stack: on a phone each learner is a card of "column: value" lines (app.css), the
  // column headers a row of sort buttons above the cards (class_table.css).
  table.className = "sq-class-table sq-stack";
  const caption = document.createElement("caption");
  const head = document.createElement("thead");
  const body = document.createElement("tbody");
  const empty = document.createElement("p");
  empty.className = "sq-class-empty";
  table.append(caption, head, body);
  root.append(table, empty);
  el.appendChild(root);

  function pick(name) {
    model.set("selected", name);
    model.save_changes();
  }

  function sortBy(key) {
    if (model.get("sort_key") === key) {
      model.set("descending", !model.get("descending"));
    } else {
      model.set("sort_key", key);
      model.set("descending", key !== "nickname" && key !== "lesson");
    }
    model.save_changes();
  }

  function draw() {
    const columns = model.get("columns");
    const rows = model.get("rows");
    const key = model.get("sort_key");
    const down = model.get("descending");
    const focusedKey = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.dataset.focus : null;
    caption.textContent = model.get("caption");
    const tr = document.createElement("tr");
    tr.dataset.label = model.get("sort_label");   // shown on a phone (class_table.css)
    for (const col of columns) {
      const th = document.createElement("th");
      th.scope = "col";
      const on = col.key === key;
      th.setAttribute("aria-sort", on ? (down ? "descending" : "ascending") : "none");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq-sort sq-sort-" + col.key;
      b.dataset.focus = "sort-" + col.key;
      b.textContent = col.label + (on ? (down ? " ▼" : " ▲") : "");
      b.addEventListener("click", () => sortBy(col.key));
      th.appendChild(b);
      tr.appendChild(th);
    }
    head.replaceChildren(tr);
    body.replaceChildren();
    const selected = model.get("selected");
    for (const row of rows) {
      const line = document.createElement("tr");
      line.className = "sq-learner" + (row.stuck ? " sq-learner-stuck" : "")
        + (row.nickname === selected ? " sq-learner-selected" : "");
      columns.forEach((col, i) => {
        const cell = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) {
          cell.scope = "row";
          const b = document.createElement("button");
          b.type = "button";
          b.className = "sq-learner-open";
          b.dataset.focus = "open-" + row.nickname;
          b.textContent = row.cells[col.key];
          b.setAttribute("aria-expanded", row.nickname === selected ? "true" : "false");
          b.addEventListener("click", () => pick(row.nickname));
          cell.appendChild(b);
        } else {
          cell.textContent = row.cells[col.key];
          cell.className = "sq-cell-" + col.key;
          // A card's line names its column, unless its words already do ("Needs help: ...").
          const label = col.cell_label ?? col.label;
          if (label) cell.dataset.label = label;
        }
        line.appendChild(cell);
      });
      body.appendChild(line);
    }
    empty.textContent = rows.length ? "" : model.get("empty");
    table.hidden = rows.length === 0;
    if (focusedKey) {
      const again = root.querySelector(`[data-focus="${CSS.escape(focusedKey)}"]`);
      if (again) again.focus();
    }
  }

  for (const name of ["columns", "rows", "sort_key", "descending", "selected", "caption",
                      "empty", "sort_label"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
