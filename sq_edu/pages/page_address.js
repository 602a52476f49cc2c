// PageAddress: tells the kernel the address the browser shows for this page, so links a
// teacher copies are absolute and name the host the teacher really used.
function render({ model, el }) {
  el.hidden = true;
  model.set("href", window.location.href);
  model.save_changes();
}

export default { render };
