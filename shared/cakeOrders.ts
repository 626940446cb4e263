// The cake order rules both the server and the order form reckon with, written once.

/** The least an order must have been paid to be Confirmed: the percent of its total, rounded up (centavos). */
export const minimumDeposit = (total: number, percent: number) => Math.ceil((total * percent) / 100);
