import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, inventoryItems, journal } from '../../server/db/schema';
import { TERMINAL_TEXT as T } from '../../shared/texts/bir';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { closeEveryShift } from '../helpers/counter';
import { rest } from '../helpers/rest';

// /api/terminals: the tills and their BIR registration, every refusal, and each change
// written to the journal and the activity log.

let shop: TestShop;
let admin: Session;
let owner: Session;
let manager: Session;
let staff: Session;

beforeAll(async () => {
  shop = await testApp();
  [admin, owner, manager, staff] = await Promise.all([
    shop.signedIn('admin'),
    shop.signedIn('owner'),
    shop.signedIn('manager'),
    shop.signedIn('staff'),
  ]);
  shop.db
    .insert(inventoryItems)
    .values({ itemId: 'INV-TRM1', name: 'Terminal Flour', stock: 100_000, unitPrice: 5000 })
    .run();
});
afterAll(async () => {
  closeEveryShift(shop);
  await shop.close();
});

const fields = (over: Record<string, unknown> = {}) => ({
  name: 'Counter 2',
  min: '200000000002',
  serialNumber: 'SN-0002',
  permitNumber: 'FP-0002',
  invoicePrefix: 'INV2-',
  ...over,
});
const add = (body: unknown, who: Session = admin) =>
  rest(shop, 'POST', '/api/terminals', who.accessToken, body);
const edit = (id: number | string, body: unknown, who: Session = admin) =>
  rest(shop, 'PUT', `/api/terminals/${id}`, who.accessToken, body);

const journalRows = () => shop.db.select().from(journal).where(eq(journal.kind, 'terminal')).all();
const lastActivity = () => shop.db.select().from(activityLogs).orderBy(desc(activityLogs.id)).limit(1).get();
const verified = async () => (await rest(shop, 'GET', '/api/journal/verify', admin.accessToken)).json();

describe('/api/terminals', () => {
  it('every signed-in account lists them; terminal 1 is there from the start', async () => {
    for (const who of [admin, owner, manager, staff]) {
      const listed = await rest(shop, 'GET', '/api/terminals', who.accessToken);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()[0]).toMatchObject({
        _id: 1,
        name: 'Counter 1',
        invoicePrefix: 'INV1-',
        lastInvoice: 0,
        grandTotal: 0,
      });
    }
    expect((await rest(shop, 'GET', '/api/terminals')).statusCode).toBe(401);
  });

  it('staff and managers may not add or edit a terminal', async () => {
    for (const who of [staff, manager]) {
      expect((await add(fields({ name: 'Sneaky', invoicePrefix: 'SNK-' }), who)).statusCode).toBe(403);
      expect((await edit(1, fields({ name: 'Sneaky', invoicePrefix: 'INV1-' }), who)).statusCode).toBe(403);
    }
    const listed = (await rest(shop, 'GET', '/api/terminals', admin.accessToken)).json();
    expect(listed.map((t: { name: string }) => t.name)).toEqual(['Counter 1']);
    expect(journalRows()).toHaveLength(0);
  });

  it('an admin adds one: 201, a journal row, an activity row, the chain verifying', async () => {
    const made = await add(fields({ invoicePrefix: 'inv2-' }));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      message: T.created('Counter 2'),
      terminal: {
        _id: 2,
        name: 'Counter 2',
        min: '200000000002',
        serialNumber: 'SN-0002',
        permitNumber: 'FP-0002',
        invoicePrefix: 'INV2-',
        lastInvoice: 0,
        lastRefund: 0,
        grandTotal: 0,
      },
    });
    const rows = journalRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ terminalId: 2, documentNumber: 'Counter 2', amount: 0 });
    expect(JSON.parse(rows[0]!.document)).toMatchObject({
      change: 'added',
      terminal: { name: 'Counter 2', invoicePrefix: 'INV2-', min: '200000000002' },
    });
    expect(lastActivity()).toMatchObject({ action: 'Add Terminal', module: 'Settings' });
    expect(lastActivity()?.description).toContain('Counter 2');
    expect(await verified()).toMatchObject({ ok: true, firstBadSequence: null });
  });

  it('refuses a blank name, a bad prefix, a name or prefix taken, each with its message', async () => {
    const cases: [unknown, number, string][] = [
      [fields({ name: '  ', invoicePrefix: 'X1-' }), 400, T.nameRequired],
      [fields({ name: undefined, invoicePrefix: 'X1-' }), 400, T.nameRequired],
      [fields({ name: 'Counter 3', invoicePrefix: '' }), 400, T.prefixRequired],
      [fields({ name: 'Counter 3', invoicePrefix: 'INV 3' }), 400, T.prefixFormat],
      [fields({ name: 'Counter 3', invoicePrefix: '-INV3' }), 400, T.prefixFormat],
      [fields({ name: 'Counter 3', invoicePrefix: 'ABCDEFGHIJK' }), 400, T.prefixFormat],
      [fields({ name: 'counter 2', invoicePrefix: 'X1-' }), 409, T.nameTaken('counter 2')],
      [fields({ name: 'Counter 3', invoicePrefix: 'INV1-' }), 409, T.prefixTaken('INV1-')],
    ];
    const before = journalRows().length;
    for (const [body, status, message] of cases) {
      const refused = await add(body);
      expect([refused.statusCode, refused.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    // The same refusals on an edit, and an unknown terminal.
    expect((await edit(2, fields({ name: '' }))).statusCode).toBe(400);
    expect((await edit(2, fields({ invoicePrefix: 'inv 2' }))).json().message).toBe(T.prefixFormat);
    const dupName = await edit(2, fields({ name: 'COUNTER 1' }));
    expect([dupName.statusCode, dupName.json().message]).toEqual([409, T.nameTaken('COUNTER 1')]);
    const dupPrefix = await edit(2, fields({ invoicePrefix: 'INV1-' }));
    expect([dupPrefix.statusCode, dupPrefix.json().message]).toEqual([409, T.prefixTaken('INV1-')]);
    for (const id of [99, 'abc', 0]) {
      const unknown = await edit(id, fields({ name: 'Nowhere', invoicePrefix: 'NW-' }));
      expect([unknown.statusCode, unknown.json().message], String(id)).toEqual([404, T.notFound]);
    }
    expect(journalRows()).toHaveLength(before);
  });

  it('an owner edits one; its prefix changes until it has issued an invoice, then never', async () => {
    const renamed = await edit(2, fields({ name: 'Front Till', invoicePrefix: 'FT-', min: '' }), owner);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: T.updated('Front Till'),
      terminal: { _id: 2, name: 'Front Till', invoicePrefix: 'FT-', min: '' },
    });
    expect(lastActivity()).toMatchObject({ action: 'Edit Terminal', module: 'Settings' });
    expect(lastActivity()?.description).toContain('invoicePrefix INV2- → FT-');
    const edited = journalRows().at(-1)!;
    expect(JSON.parse(edited.document)).toMatchObject({
      change: 'edited',
      before: { name: 'Counter 2', invoicePrefix: 'INV2-' },
      terminal: { name: 'Front Till', invoicePrefix: 'FT-' },
    });

    const sold = await rest(shop, 'POST', '/api/sales', admin.accessToken, {
      orderType: 'Walk-in',
      paymentMethod: 'Cash',
      items: [{ itemId: 'INV-TRM1', quantity: 1 }],
      terminalId: 2,
    });
    expect(sold.json().sale).toMatchObject({ terminalId: 2, invoiceNumber: 'FT-000000001' });

    const rows = journalRows().length;
    const locked = await edit(2, fields({ name: 'Front Till', invoicePrefix: 'FT2-' }));
    expect([locked.statusCode, locked.json().message]).toEqual([409, T.prefixLocked('Front Till')]);
    expect(journalRows()).toHaveLength(rows);
    // Everything else still changes, the prefix given as it is.
    const kept = await edit(2, fields({ name: 'Front Till', invoicePrefix: 'ft-', permitNumber: 'FP-9' }));
    expect(kept.json().terminal).toMatchObject({
      invoicePrefix: 'FT-',
      permitNumber: 'FP-9',
      lastInvoice: 1,
    });
    expect(journalRows()).toHaveLength(rows + 1);

    const listed = (await rest(shop, 'GET', '/api/terminals', staff.accessToken)).json();
    expect(listed[1]).toMatchObject({ name: 'Front Till', lastInvoice: 1, grandTotal: 50 });
    expect(await verified()).toMatchObject({ ok: true, firstBadSequence: null });
  });
});
