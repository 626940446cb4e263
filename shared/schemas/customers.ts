import { z } from 'zod';
import { EMAIL_MAX, PAGE_SIZE } from '../constants';
import { emailProblem, normaliseEmail } from '../texts/auth';
import { CUSTOMER_SEARCH_FIELDS, CUSTOMER_TEXT } from '../texts/customers';
import { BUSINESS_ID_MAX, NAME_MAX } from '../texts/fields';
import { businessId, optionalText, recordId } from './fields';
import { listInput } from './paging';
import { storedText } from './text';

export type CustomerSearchField = (typeof CUSTOMER_SEARCH_FIELDS)[number];

export const CUSTOMER_SORT_FIELDS = [
  'customerId',
  'name',
  'email',
  'phoneNumber',
  'address',
  'createdAt',
  'updatedAt',
] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

const PHONE_MAX = 40;

/** Text a person must fill in: a missing, null or blank value reads as the form's required-fields message. */
const requiredText = (label: string) =>
  z.string({ error: (issue) => (issue.input == null ? CUSTOMER_TEXT.required : `${label} must be text.`) });

/** The customer's fields; an edit sends the whole record again (absent optional fields become blank). */
export const customerFields = z.object(
  {
    customerId: requiredText('Customer ID').pipe(businessId('Customer ID').min(1, CUSTOMER_TEXT.required)),
    name: requiredText('Name')
      .trim()
      .min(1, CUSTOMER_TEXT.required)
      .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`)
      .check(storedText('Name')),
    // Optional, but when given it must look like an email (the same shape as an account's).
    email: optionalText('Email', EMAIL_MAX).refine(
      (email) => email === '' || emailProblem(normaliseEmail(email)) === null,
      CUSTOMER_TEXT.emailInvalid,
    ),
    phoneNumber: optionalText('Phone', PHONE_MAX),
    address: optionalText('Address'),
  },
  { error: CUSTOMER_TEXT.required },
);
export type CustomerFields = z.infer<typeof customerFields>;

/**
 * A customer named by its record id (`_id`) or by its customerId; digits are tried as
 * the record id first.
 */
const customerRef = z.union(
  [
    recordId(CUSTOMER_TEXT.notFound),
    z.string().trim().min(1, CUSTOMER_TEXT.notFound).max(BUSINESS_ID_MAX, CUSTOMER_TEXT.notFound),
  ],
  { error: CUSTOMER_TEXT.notFound },
);

export const customerIdInput = z.object({ id: customerRef }, { error: CUSTOMER_TEXT.notFound });
export const updateCustomerInput = customerFields.extend({ id: customerRef });

export const customerListInput = listInput(PAGE_SIZE, CUSTOMER_SORT_FIELDS).extend({
  searchField: z
    .enum(CUSTOMER_SEARCH_FIELDS, {
      error: `searchField must be one of ${CUSTOMER_SEARCH_FIELDS.join(', ')}.`,
    })
    .optional(),
});
