// The End of Day screen's words. The server's own messages (a Z reading
// refused while shifts are open, a bad date range) are shown as they come.

export const END_OF_DAY_TEXT = {
  confirmZ: (terminal: string) =>
    `Take the end-of-day reading${terminal ? ` of ${terminal}` : ''} now? It counts every sale and refund since the last one and cannot be undone.`,
  confirmEmptyZ:
    'Take a Z reading with nothing to count? It is numbered and kept like any other, and cannot be undone.',
  takeFailed: 'The Z reading could not be taken. Please try again.',
  noReadings: 'No Z readings in these dates.',
  noBookRows: 'No SC/PWD sales in these dates.',
  noSummaryRows: 'No Z readings in these dates: the summary is made from them.',
  summaryExportFailed: 'The sales summary could not be exported. Please try again.',
  loadFailed: 'This list could not be loaded. Please try again.',
  exportFailed: 'The SC/PWD sales book could not be exported. Please try again.',
  badRange: 'From must be on or before To.',
  shiftsTitle: 'Today’s shifts',
  shiftsOpen: (n: number) =>
    `${n} open ${n === 1 ? 'shift' : 'shifts'}: close ${n === 1 ? 'it' : 'them'} before the Z reading.`,
  shiftsAllClosed: 'Every shift is closed.',
  noShifts: 'No shifts today.',
  zTitle: 'Z readings',
} as const;
