// NicknameCarry: a lesson card opens with the nickname as it is typed in the box. The box sends
// its words to Python only on leaving it (every text box does), and a click on a card leaves
// it and opens the card's link at once, before Python can redraw the link: so the link takes
// the typed nickname here, at the click.
function render({ el }) {
  el.hidden = true;
  const root = el.closest(".sq-index-app") || document;
  const carry = (event) => {
    const link = event.target && event.target.closest && event.target.closest(".sq-lesson-card a");
    const box = root.querySelector(".sq-index-nickname input");
    if (!link || !box || !root.contains(link)) return;
    const query = new URLSearchParams(link.search);
    const typed = box.value.trim();
    if (typed) query.set("nickname", typed);
    else query.delete("nickname");
    link.search = query.toString();
  };
  document.addEventListener("click", carry, true);
  document.addEventListener("auxclick", carry, true);
  return () => {
    document.removeEventListener("click", carry, true);
    document.removeEventListener("auxclick", carry, true);
  };
}

export default { render };
