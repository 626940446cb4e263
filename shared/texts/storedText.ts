// What a stored text may not hold, in words a person can act on (schemas/text.ts checks it).
export const STORED_TEXT = {
  hidden: (label: string) => `${label} must not contain hidden or control characters.`,
  oneLine: (label: string) => `${label} must be on one line.`,
  /** A restored cell's problem, after its field's name ("name: must not contain ..."). */
  cell: 'must not contain line breaks, hidden or control characters',
} as const;
