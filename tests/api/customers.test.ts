import { expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { CUSTOMER_SORT_FIELDS } from '../../shared/schemas/customers';
import { CUSTOMER_TEXT } from '../../shared/texts/customers';
import { contactSuite } from '../helpers/contacts';

// Customer Management: the
// messages, the uniqueness rule, the list's search, sort and paging, staff requests,
// roles, and the REST contract the POS reads. What suppliers share is in
// tests/helpers/contacts.ts; here are the customer's fields and texts, and what only
// customers do (the email check, the paged GET).

const FIRST_NAMES = ['ana', 'Ben', 'carla', 'Dante', 'elena', 'Fe', 'gino'];

contactSuite(
  {
    noun: 'customer',
    module: 'Customer Management',
    path: '/api/customers',
    table: customers,
    router: (api) => api.customers,
    idKey: 'customerId',
    idLabel: 'Customer ID',
    optional: ['email', 'phoneNumber', 'address'],
    text: CUSTOMER_TEXT,
    sortFields: CUSTOMER_SORT_FIELDS,
    sample: (n) => ({
      customerId: `CUST-${String(n).padStart(4, '0')}`,
      name: `Customer ${n}`,
      email: `customer${n}@example.com`,
      phoneNumber: `0917 555 ${String(n).padStart(4, '0')}`,
      address: `${n} Rizal St, Manila`,
    }),
    trimmed: {
      given: {
        customerId: ' C-001 ',
        name: ' Maria Santos ',
        email: ' maria@example.com ',
        phoneNumber: ' +63 917 123 4567 ',
        address: ' 12 Mabini St, Quezon City ',
      },
      saved: {
        customerId: 'C-001',
        name: 'Maria Santos',
        email: 'maria@example.com',
        phoneNumber: '+63 917 123 4567',
        address: '12 Mabini St, Quezon City',
      },
      logged: 'Added customer C-001 (Maria Santos)',
    },
    invalid: [
      [{ customerId: 'C-11', name: 'Bad mail', email: 'not-an-email' }, CUSTOMER_TEXT.emailInvalid],
      [{ customerId: 'C-12', name: 'Bad mail', email: 'a@b' }, CUSTOMER_TEXT.emailInvalid],
      [{ customerId: 'C-13', name: 'Bad mail', email: 'a b@example.com' }, CUSTOMER_TEXT.emailInvalid],
      [{ customerId: 'C-14', name: 'Bad mail', email: 'a..b@example.com' }, CUSTOMER_TEXT.emailInvalid],
      [{ customerId: 'C-15', name: 'Phone', phoneNumber: 9171234567 }, 'Phone must be text.'],
      [
        { customerId: 'C-16', name: 'Phone', phoneNumber: '9'.repeat(41) },
        'Phone must be at most 40 characters.',
      ],
      [{ customerId: 'C-17', name: 'Addr', address: { city: 'Manila' } }, 'Address must be text.'],
    ],
    edit: { field: 'phoneNumber', label: 'Phone', from: '0917 000 0001', to: '0917 000 0002' },
    held: {
      before: { name: 'Jose Rizal', email: '' },
      after: { name: 'José Rizal', email: 'jose@example.com' },
      details: { Name: 'Jose Rizal → José Rizal', Email: '(blank) → jose@example.com' },
    },
    list: {
      size: 25,
      seed: (i) => ({
        customerId: `P-${String(25 - i).padStart(2, '0')}`,
        name: `${FIRST_NAMES[i % 7]} Cruz ${i}`,
        email:
          i % 4 === 0 ? '' : `${FIRST_NAMES[i % 7]!.toLowerCase()}${i}@${i % 2 ? 'gmail.com' : 'Yahoo.com'}`,
        phoneNumber: i % 5 === 0 ? '' : `09${String(i * 37).padStart(9, '0')}`,
        address: i % 3 === 0 ? `${i} Aurora Blvd, Cubao` : `${i} bonifacio Ave, Makati`,
      }),
    },
    // GET /api/customers answers a page: {customers, totalPages, totalCustomers, page}.
    restRows: (body) => (body as { customers: unknown[] }).customers,
  },
  {
    editing: (s) => {
      it('checks the email on an edit as on adding', async () => {
        const customer = await s.add();
        const res = await s.rest('PUT', `/api/customers/${customer.id}`, s.admin.token, {
          customerId: customer.customerId,
          name: customer.name,
          email: 'nope',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: CUSTOMER_TEXT.emailInvalid });
        expect(s.rowOf(customer.id)).toEqual(customer);
      });
    },

    list: (l) => {
      it('searches the chosen field only, or every field without one, ignoring case', async () => {
        const total = async (
          search: string,
          searchField?: 'customerId' | 'name' | 'email' | 'phoneNumber' | 'address',
        ) => (await l.api.customers.list({ search, searchField })).total;
        expect(await total('yahoo', 'email')).toBe(6);
        expect(await total('GMAIL.COM', 'email')).toBe(12);
        expect(await total('aurora', 'address')).toBe(9);
        expect(await total('aurora', 'name')).toBe(0);
        expect(await total('CRUZ', 'name')).toBe(25);
        expect(await total('p-1', 'customerId')).toBe(10);
        expect(await total('000000037', 'phoneNumber')).toBe(1);
        expect(await total('ana')).toBe(4);
        expect(await total('ana', 'address')).toBe(0);
      });

      it('takes SQL metacharacters in an address literally', async () => {
        await l.api.customers.add({ customerId: 'M-1', name: '50 Off Bakery', address: 'A_1 Street' });
        const ids = async (search: string, searchField?: 'name' | 'address') =>
          (await l.api.customers.list({ search, searchField, limit: 100 })).rows.map((r) => r.customerId);
        expect(await ids('_', 'address')).toEqual(['M-1']);
        expect(await ids('_', 'name')).toEqual([]);
        expect(await ids('_')).toEqual(['M-1']);
        await l.api.customers.delete({ id: 'm-1' });
        expect(await l.shop.db.$count(customers)).toBe(25);
      });

      it("gives the counter each customer's id, customer ID and name, by name, staff too", async () => {
        const { rows } = await l.api.customers.atCounter();
        expect(rows).toHaveLength(25);
        expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['customerId', 'id', 'name']);
        const names = rows.map((r) => r.name.toLowerCase());
        expect(names).toEqual([...names].sort());
        const staff = await l.shop.signedIn('staff');
        expect((await staff.api.customers.atCounter()).rows).toEqual(rows);
      });

      it('GET /api/customers?page&limit=10 answers customers, totalPages, totalCustomers and page', async () => {
        const res = await l.get('/api/customers?page=2&limit=10');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ totalPages: 3, totalCustomers: 25, page: 2 });
        expect(body.customers).toHaveLength(10);
        expect(Object.keys(body.customers[0]).sort()).toEqual(
          ['_id', 'address', 'createdAt', 'customerId', 'email', 'name', 'phoneNumber', 'updatedAt'].sort(),
        );
        // The POS takes them all at once.
        const pos = (await l.get('/api/customers?page=1&limit=1000')).json();
        expect(pos).toMatchObject({ totalPages: 1, totalCustomers: 25 });
        expect(pos.customers).toHaveLength(25);
        const sorted = (
          await l.get('/api/customers?limit=3&field=customerId&order=asc&search=p-&searchField=customerId')
        ).json();
        expect(sorted.customers.map((c: { customerId: string }) => c.customerId)).toEqual([
          'P-01',
          'P-02',
          'P-03',
        ]);
        const bad = await l.get('/api/customers?limit=5000');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('limit must be a whole number from 1 to 1000.');
      });
    },
  },
);
