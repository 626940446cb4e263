// Each checkout request a new cart from the shelves (bench/bigShop.ts), as the legacy
// POST /api/sales body: plain (cash, 12% VAT), SC/PWD (cakes and an item, 20% off the
// eligible lines) and split tender (part cash, the rest by GCash with a reference); and
// "lots", a plain cart from the shelf whose every item holds LOTS_EACH lots.
import type { Db } from '../server/db/open';
import { saleTotals } from '../shared/totals';
import { CAKES_ON_SALE, ON_SALE } from './bigShop';

export type CartKind = 'plain' | 'scPwd' | 'split' | 'lots';

type Shelved = { id: number; price: number; scPwdEligible: boolean };
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

function saleId() {
  let id = 'SALE-';
  for (let i = 0; i < 8; i++) id += pick([...ALPHABET]);
  return id;
}

/** A maker of request bodies of each kind, priced from the shelves as the server prices them. */
export function cartMaker(db: Db) {
  const shelf = (sql: string, ...n: number[]) =>
    (db.$client.prepare(sql).all(...n) as { id: number; price: number; eligible: number }[]).map((r) => ({
      id: r.id,
      price: r.price,
      scPwdEligible: r.eligible === 1,
    }));
  const items = shelf(
    'select id, unit_price as price, sc_pwd_eligible as eligible from inventory_items where id <= ?',
    ON_SALE,
  );
  const inLots = shelf(
    'select id, unit_price as price, sc_pwd_eligible as eligible from inventory_items where id > ? and id <= ?',
    ON_SALE,
    2 * ON_SALE,
  );
  const cakes = shelf(
    'select id, price, sc_pwd_eligible as eligible from cakes where id <= ?',
    CAKES_ON_SALE,
  );
  const some = (from: Shelved[], count: number) => {
    const chosen = new Map<number, Shelved>();
    while (chosen.size < count) {
      const p = pick(from);
      chosen.set(p.id, p);
    }
    return [...chosen.values()].map((p) => ({ ...p, quantity: 1 + Math.floor(Math.random() * 3) }));
  };
  return (kind: CartKind): string => {
    const lines =
      kind === 'scPwd'
        ? [
            ...some(cakes, 1 + Math.floor(Math.random() * 2)).map((l) => ({ ...l, kind: 'cake' as const })),
            ...some(items, 1),
          ]
        : some(kind === 'lots' ? inLots : items, 1 + Math.floor(Math.random() * 3));
    const body: Record<string, unknown> = {
      saleId: saleId(),
      customerName: kind === 'scPwd' ? 'Remedios Cruz' : 'Bench',
      orderType: 'Walk-in',
      items: lines.map((l) => ({ itemId: l.id, kind: 'kind' in l ? l.kind : 'item', quantity: l.quantity })),
      taxRate: 12,
      paymentMethod: 'Cash',
    };
    if (kind === 'scPwd') body.discount = { type: 'SC', name: 'Remedios Cruz', idNumber: 'SC-2019-004512' };
    if (kind === 'split') {
      const { totalAmount } = saleTotals(lines, 12, null);
      const cash = Math.floor(totalAmount / 2);
      body.paymentMethod = undefined;
      body.payments = [
        { method: 'Cash', amount: cash / 100 },
        { method: 'GCash', amount: (totalAmount - cash) / 100, reference: `GC-${Date.now()}` },
      ];
    }
    return JSON.stringify(body);
  };
}
