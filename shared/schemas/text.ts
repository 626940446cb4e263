import { z } from 'zod';
import { STORED_TEXT } from '../texts/storedText';

// Text the shop stores is shown to other people, printed on receipts, written to logs and
// to backup spreadsheets, so it must read as what it is and come back from a backup as it
// went in. Every stored text field takes storedText(label); text read from elsewhere (a
// restored spreadsheet's cells) is held to the same rule with isStoredText.

/** Line breaks: no stored text has more than one line (no form has a multi-line field). */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Hidden characters: control codes (C0, DEL, C1), format characters (bidi controls and
 * marks, zero-width ones, the BOM, soft hyphen), everything Unicode says to draw as nothing
 * (variation selectors, Hangul fillers, tags), lone surrogates (\p{Cs} with the u flag
 * matches only unpaired halves) and non-characters. XML 1.0, and so a backup spreadsheet,
 * cannot hold some of these at all. Emoji need two of them, which stay: the zero-width
 * joiner (U+200D, family emoji) and variation selector 16 (U+FE0F, ❤️).
 */
const HIDDEN =
  /(?![\u200D\uFE0F])[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;

/** A subdivision flag (🏴 + tag letters + cancel tag, like Scotland's): the one use of tag characters. */
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** What keeps `text` from being stored: a line break, a hidden character, or nothing (null). */
function textProblem(text: string): 'lineBreak' | 'hidden' | null {
  if (LINE_BREAK.test(text)) return 'lineBreak';
  if (HIDDEN.test(text.replace(EMOJI_TAG_SEQUENCE, '\u{1F3F4}'))) return 'hidden';
  return null;
}

/** Whether `text` may be stored as it is. */
export const isStoredText = (text: string): boolean => textProblem(text) === null;

/**
 * The check every stored text field carries, with the field's label in its messages:
 * `z.string().trim().check(storedText('Name'))`.
 */
export const storedText = (label: string) =>
  z.superRefine((text: string, ctx) => {
    const problem = textProblem(text);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem === 'lineBreak' ? STORED_TEXT.oneLine(label) : STORED_TEXT.hidden(label),
      });
  });
