// The Waste screen's own words; the shop's texts and the server's messages are WASTE_TEXT
// (shared/texts/waste.ts).

export const WASTE_SCREEN_TEXT = {
  done: 'Written off.',
  failed: 'The write-off could not be saved. Please try again.',
  quantity: 'Enter how much to write off: more than 0, with at most three decimals.',
  reasonRequired: 'Choose why it is written off.',
  reasonPlaceholder: 'Choose a reason',
  itemPlaceholder: 'Search inventory',
  cakePlaceholder: 'Search cakes',
  wholeCakes: 'Enter how many cakes to write off: a whole number more than 0.',
  cakeLots:
    'Cakes leave their lots first-expiry-first-out; Expired takes only those past their date, Unsold those first.',
  byReason: 'By reason',
  byWeek: 'By week',
  entries: 'Write-offs',
  loadFailed: 'The waste log could not be loaded. Please try again.',
  expiredDone: 'Expired stock written off.',
  expiredFailed: 'The expired stock could not be written off. Please try again.',
} as const;
