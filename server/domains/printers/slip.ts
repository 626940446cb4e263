import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { formatPeso } from '../../../shared/money';

// One printed slip in ESC/POS (docs/decisions.md, Printing): the encoder lays text out in the
// printer's columns (wrapping words, padding to centre) and picks a code page for each
// character; a character no code page of the printer has prints as "?".

/** An amount as the slips print it: "1,234.50", "-50.00". Few printers have a ₱ glyph. */
export const amount = (centavos: number) => formatPeso(centavos).replace('₱', '');
/** An amount taken off: "-50.00", but nothing taken off reads "0.00". */
export const less = (centavos: number) => (centavos ? `-${amount(centavos)}` : amount(0));

/** Typography the printers' code pages lack, as the plain characters they have. */
const PLAIN: [RegExp, string][] = [
  [/[‘’‚′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[‐‑‒–—―]/g, '-'],
  [/…/g, '...'],
  [/₱/g, 'P'],
  [/[\u00a0\u202f]/g, ' '],
];
const plain = (text: string) => PLAIN.reduce((t, [from, to]) => t.replace(from, to), text);

/** Lines fed before the cut, so the last printed line clears the cutter. */
const FEED_BEFORE_CUT = 4;

export class Slip {
  private readonly encoder: ReceiptPrinterEncoder;

  constructor(readonly columns: number) {
    this.encoder = new ReceiptPrinterEncoder({
      language: 'esc-pos',
      columns,
      newline: '\n',
      feedBeforeCut: FEED_BEFORE_CUT,
    }).initialize();
  }

  /** Centred lines (blank ones left out); `strong` in bold. */
  center(lines: (string | null | undefined | false)[], strong = false): this {
    const shown = lines.filter((l): l is string => Boolean(l));
    if (shown.length === 0) return this;
    this.encoder.align('center').bold(strong);
    for (const line of shown) this.encoder.line(plain(line));
    this.encoder.bold(false).align('left');
    return this;
  }

  /** A centred heading in double height: the shop's name, REPRINT, a reading's name. */
  heading(text: string): this {
    this.encoder.align('center').bold(true).size(1, 2).line(plain(text)).size(1, 1).bold(false).align('left');
    return this;
  }

  /** Left-aligned text, wrapped at the column. */
  text(line: string, strong = false): this {
    this.encoder.bold(strong).line(plain(line)).bold(false);
    return this;
  }

  /**
   * A label and its value on one line, the value to the right. A value up to half the line
   * keeps to one line and its label wraps; a longer one (a name, a reference) wraps too.
   */
  row(label: string, value: string, strong = false): this {
    label = plain(label);
    value = plain(value);
    const room = this.columns - 1;
    // On one line when both fit; else the value keeps what the label leaves, at least half.
    const valueWidth =
      label.length + value.length <= room
        ? value.length
        : Math.min(value.length, Math.max(Math.floor(room / 2), room - label.length));
    this.encoder.bold(strong).table(
      [
        { width: room - Math.max(1, valueWidth), marginRight: 1, align: 'left' },
        { width: Math.max(1, valueWidth), align: 'right' },
      ],
      [[label, value]],
    );
    this.encoder.bold(false);
    return this;
  }

  /** A row indented under the one above it. */
  indented(label: string, value: string): this {
    return this.row(`  ${label}`, value);
  }

  /** A note under a row, indented, its wrapped lines too. */
  note(text: string): this {
    this.encoder.table(
      [
        { width: 2, align: 'left' },
        { width: this.columns - 2, align: 'left' },
      ],
      [['', plain(text)]],
    );
    return this;
  }

  rule(): this {
    this.encoder.rule({ style: 'single' });
    return this;
  }

  blank(): this {
    this.encoder.newline();
    return this;
  }

  /** The slip's bytes: the drawer's pulse when asked, then the feed and the cut. */
  bytes({ drawer = false }: { drawer?: boolean } = {}): Uint8Array {
    if (drawer) this.encoder.pulse();
    return this.encoder.cut('partial').encode();
  }
}

/** A pulse to the drawer and nothing printed: the manager's "Open drawer". */
export function drawerPulse(): Uint8Array {
  return new ReceiptPrinterEncoder({ language: 'esc-pos' }).initialize().pulse().encode();
}
