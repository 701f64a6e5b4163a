// The generic table, for a game without a table view of its own: the text view the terminal
// shows, and the legal actions as buttons with the terminal's labels.

export function render(root, view, ctx) {
  const { h, Actions, panel } = ctx.kit;
  const acts = new Actions(view, ctx.act);
  root.append(h("div", { class: "fallback" }, panel("Table", h("pre", { class: "text-view", text: view.text || "" }))));
  const bar = acts.rest("Your choice");
  if (bar) root.append(bar);
}
