import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { toPesos } from '../../shared/money';

// What every chart of the app shares: Mantine's chart styles, pesos on the axes and in
// the tooltips, Manila dates as short labels. Import only from lazily loaded modules:
// the chart library stays out of the first download (vite.config.ts guards it).

const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
const pesoShort = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A tooltip value: the full amount. */
export const pesoValue = (pesos: number) => peso.format(pesos);
/** An axis tick: ₱12.5K. */
export const pesoTick = (pesos: number) => pesoShort.format(pesos);
export const chartPesos = toPesos;

const dayLabel = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A calendar date (YYYY-MM-DD) as "Nov 11". */
export const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
