// Unusual but real text the shop must store and give back as sent: accents, ñ, emoji
// sequences (ZWJ, U+FE0F, a flag's tag sequence), quotes, and what a spreadsheet would
// take for a formula. Escapes where the characters would not show in the source.

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
const HEART = '\u2764\uFE0F';
/** The flag of Scotland: a black flag, the tags g b s c t, and the cancel tag. */
const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';

/** Free text (names, addresses, reasons). */
export const UNUSUAL_TEXT = [
  'Crème brûlée',
  'Niño Ñandú',
  'Cafe\u0301 (a combining accent)',
  `Family ${FAMILY} cake`,
  `${HEART} heart, ☕ coffee`,
  `${SCOTLAND} flag`,
  `"Quoted" and 'single'`,
  '“Smart” ‘quotes’',
  '=SUM(A1:A9)',
  '+63 917 000 0000',
  '-minus @at',
  'a\u00a0no-break space',
  '日本語 Ωμέγα',
];

/** Business ids (no spaces); a caller adds a number to keep each one unique. */
export const UNUSUAL_CODES = ['NIÑO-', 'CRÈME-', `${FAMILY}-`, `${HEART}-`, '=A1-', '+63-', '"Q"-', "'S'-"];
