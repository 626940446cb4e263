import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRequests, activityLogs, inventoryItems, suppliers } from '../../server/db/schema';
import { SUPPLIER_SORT_FIELDS } from '../../shared/schemas/suppliers';
import { ACTION_REQUEST_TEXT } from '../../shared/texts/actionRequests';
import { SUPPLIER_TEXT } from '../../shared/texts/suppliers';
import { type Session, type TestShop, testApp } from '../helpers/app';
import { contactSuite } from '../helpers/contacts';
import { expectTrpcError } from '../helpers/errors';
import { rest } from '../helpers/rest';

// Supplier Management: the
// messages, the uniqueness rule, the list's search, sort and paging, staff requests,
// roles, and the REST contract. What customers share is in tests/helpers/contacts.ts;
// here are the supplier's fields and texts, and what only suppliers do.

contactSuite(
  {
    noun: 'supplier',
    module: 'Supplier Management',
    path: '/api/suppliers',
    table: suppliers,
    router: (api) => api.suppliers,
    idKey: 'supplierId',
    idLabel: 'Supplier ID',
    optional: ['contact', 'company'],
    text: SUPPLIER_TEXT,
    sortFields: SUPPLIER_SORT_FIELDS,
    sample: (n) => ({
      supplierId: `SUP-${String(n).padStart(4, '0')}`,
      name: `Supplier ${n}`,
      contact: `0917 555 ${String(n).padStart(4, '0')}`,
      company: `Company ${n}`,
    }),
    trimmed: {
      given: {
        supplierId: '  FLR-01 ',
        name: ' Flour Traders ',
        contact: ' 0917 000 0000 ',
        company: ' Flour Traders Inc. ',
      },
      saved: {
        supplierId: 'FLR-01',
        name: 'Flour Traders',
        contact: '0917 000 0000',
        company: 'Flour Traders Inc.',
      },
      logged: 'Added supplier FLR-01 (Flour Traders)',
    },
    invalid: [
      [{ supplierId: 'SP-3', name: 'X', contact: 5 }, 'Contact must be text.'],
      [{ supplierId: 'SP-4', name: 'X', company: ['a'] }, 'Company must be text.'],
    ],
    edit: { field: 'name', label: 'Name', from: 'Old Name', to: 'New Name' },
    held: {
      before: { name: 'Cocoa Co', contact: '' },
      after: { name: 'Cocoa Company', contact: 'Ana' },
      details: { Name: 'Cocoa Co → Cocoa Company', Contact: '(blank) → Ana' },
    },
    list: {
      size: 23,
      seed: (i) => ({
        supplierId: `L-${String(23 - i).padStart(2, '0')}`,
        name: `${['apple Farms', 'Banana Depot', 'cherry Goods', 'Dairy Best', 'egg Central'][i % 5]} ${i}`,
        contact: i % 3 === 0 ? '' : `Contact ${String.fromCharCode(122 - i)}`,
        company: i % 2 === 0 ? `Acme ${i}` : `zeta ${i}`,
      }),
    },
    // GET /api/suppliers answers an array.
    restRows: (body) => body as unknown[],
  },
  {
    deleting: (s) => {
      it('refuses to delete a supplier its inventory items use, saying how many (409)', async () => {
        const supplier = await s.add({ name: 'Sugar House' });
        s.shop.db
          .insert(inventoryItems)
          .values([
            { itemId: 'INV-900001', name: 'Sugar', supplierId: supplier.id },
            { itemId: 'INV-900002', name: 'Brown sugar', supplierId: supplier.id },
          ])
          .run();
        await expectTrpcError(
          s.admin.api.suppliers.delete({ id: supplier.id }),
          'CONFLICT',
          SUPPLIER_TEXT.inUse('Sugar House', 2),
        );
        expect(SUPPLIER_TEXT.inUse('Sugar House', 2)).toContain('2 inventory items');
        const res = await s.rest('DELETE', `/api/suppliers/${supplier.id}`, s.admin.token);
        expect(res.statusCode).toBe(409);
        expect(s.rowOf(supplier.id)).toBeDefined();
        // Staff cannot even ask for it.
        await expectTrpcError(s.staff.api.suppliers.delete({ id: supplier.id }), 'CONFLICT');
      });
    },

    list: (l) => {
      it('sorts names ignoring case: apple before Banana before cherry', async () => {
        const { rows } = await l.api.suppliers.list({ limit: 100, field: 'name', order: 'asc' });
        const firsts = [...new Set(rows.map((r) => r.name.split(' ')[0]))];
        expect(firsts).toEqual(['apple', 'Banana', 'cherry', 'Dairy', 'egg']);
      });

      it('searches the chosen field only, or every field without one, ignoring case', async () => {
        const { list } = l.api.suppliers;
        const inName = await list({ search: 'BANANA', searchField: 'name', limit: 100 });
        expect(inName.total).toBe(5);
        expect(inName.rows.every((r) => r.name.startsWith('Banana'))).toBe(true);
        expect((await list({ search: 'acme', searchField: 'company', limit: 100 })).total).toBe(12);
        expect((await list({ search: 'l-0', searchField: 'supplierId', limit: 100 })).total).toBe(9);
        // "zeta" is only in company: not found when looking in names.
        expect((await list({ search: 'zeta', searchField: 'name' })).total).toBe(0);
        expect((await list({ search: 'zeta' })).total).toBe(11);
        expect((await list({ search: 'contact y', searchField: 'contact' })).total).toBe(1);
      });

      it('GET /api/suppliers answers an array of every supplier in the legacy shape, honouring search and sort', async () => {
        const res = await l.get('/api/suppliers');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toHaveLength(23);
        expect(Object.keys(body[0]).sort()).toEqual(
          [
            '_id',
            'company',
            'contact',
            'createdAt',
            'leadTimeDays',
            'name',
            'supplierId',
            'updatedAt',
          ].sort(),
        );
        expect(body[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        const sorted = (await l.get('/api/suppliers?field=supplierId&order=desc')).json();
        expect(sorted.map((s: { supplierId: string }) => s.supplierId).slice(0, 3)).toEqual([
          'L-23',
          'L-22',
          'L-21',
        ]);
        expect((await l.get('/api/suppliers?search=dairy&searchField=name')).json()).toHaveLength(4);
      });
    },
  },
);

describe('lead time', () => {
  let shop: TestShop;
  let manager: Session;
  beforeAll(async () => {
    shop = await testApp();
    manager = await shop.signedIn('manager');
  });
  afterAll(() => shop.close());

  it('is 7 days unless set, and an edit that leaves it out keeps it', async () => {
    const { record } = await manager.api.suppliers.add({ supplierId: 'LT-1', name: 'Mill' });
    expect(record.leadTimeDays).toBe(7);
    const set = await manager.api.suppliers.update({
      id: record.id,
      supplierId: 'LT-1',
      name: 'Mill',
      leadTimeDays: 14,
    });
    expect('record' in set && set.record.leadTimeDays).toBe(14);
    const log = shop.db.select().from(activityLogs).all().at(-1);
    expect(log?.description).toBe('Edited supplier LT-1 (Mill): Lead Time (days) 7 → 14');
    // The supplier form sends text fields only.
    const renamed = await manager.api.suppliers.update({
      id: record.id,
      supplierId: 'LT-1',
      name: 'Big Mill',
    });
    expect('record' in renamed && renamed.record).toMatchObject({ name: 'Big Mill', leadTimeDays: 14 });
    expect(shop.db.select().from(activityLogs).all().at(-1)?.description).toBe(
      'Edited supplier LT-1 (Mill): Name Mill → Big Mill',
    );
    const res = await rest(shop, 'POST', '/api/suppliers', manager.accessToken, {
      supplierId: 'LT-2',
      name: 'Dairy',
      leadTimeDays: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().supplier.leadTimeDays).toBe(0);
  });

  it('a staff edit of the lead time waits for approval, then applies', async () => {
    const staff = await shop.signedIn('staff');
    const { record } = await manager.api.suppliers.add({ supplierId: 'LT-3', name: 'Cocoa House' });
    const answer = await staff.api.suppliers.update({ ...record, leadTimeDays: 21 });
    expect(answer).toEqual({ message: ACTION_REQUEST_TEXT.sentForApproval, requested: true });
    const stored = () => shop.db.select().from(suppliers).where(eq(suppliers.id, record.id)).get();
    expect(stored()?.leadTimeDays).toBe(7);
    const request = shop.db.select().from(actionRequests).where(eq(actionRequests.targetId, 'LT-3')).get()!;
    expect(JSON.parse(request.details)).toEqual({ 'Lead Time (days)': '7 → 21' });
    await manager.api.actionRequests.approve({ id: request.id });
    expect(stored()?.leadTimeDays).toBe(21);
  });

  it('refuses anything but a whole number of days from 0 to 365 (400)', async () => {
    for (const leadTimeDays of [-1, 366, 1.5, '7', null]) {
      const res = await rest(shop, 'POST', '/api/suppliers', manager.accessToken, {
        supplierId: 'LT-BAD',
        name: 'Bad',
        leadTimeDays,
      });
      expect(res.statusCode, String(leadTimeDays)).toBe(400);
      expect(res.json()).toEqual({ message: SUPPLIER_TEXT.leadTime });
    }
    expect(shop.db.select().from(suppliers).where(eq(suppliers.supplierId, 'LT-BAD')).get()).toBeUndefined();
  });
});
