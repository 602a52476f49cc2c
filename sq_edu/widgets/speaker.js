// The speaker icon of the read-aloud button and the sound button, drawn inline (no emoji font
// is needed on a school computer). Defined once here; `sq_edu/widgets/speaker.py` puts this file
// in front of each widget module that draws it, so `speakerIcon` is in scope there.

const SPEAKER_SOUND = {
  // sound waves: speaking, or sounds on
  on: '<path d="M16 8a5 5 0 0 1 0 8M18.5 5.5a8.5 8.5 0 0 1 0 13" stroke="currentColor" ' +
    'stroke-width="2" fill="none"/>',
  // a cross: sounds off
  off: '<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2"/>',
};

function speakerIcon(size, sound = "on", style = "") {
  return `<svg aria-hidden="true" focusable="false" width="${size}" height="${size}" ` +
    `viewBox="0 0 24 24"${style ? ` style="${style}"` : ""}>` +
    '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>' + SPEAKER_SOUND[sound] + "</svg>";
}
