// Money is integer centavos everywhere inside; pesos exist only at the REST
// boundary and on screen.

export type Centavos = number;

/** Pesos (a number with up to two decimals) to centavos, rounding half away from zero. */
export function toCentavos(pesos: number): Centavos {
  const sign = pesos < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(pesos) * 100 + 1e-9);
}

export function toPesos(centavos: Centavos): number {
  return centavos / 100;
}

/** percent of an amount, rounded half-up to the centavo (VAT). */
export function percentOf(amount: Centavos, percent: number): Centavos {
  return Math.floor((amount * percent + 50) / 100);
}

const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

export function formatPeso(centavos: Centavos): string {
  return peso.format(centavos / 100);
}
