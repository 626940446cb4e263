import { expect, it } from 'vitest';
import { changesHeld, ROLES } from '../../shared/roles';

it('holds the edits and deletes of staff alone for approval', () => {
  expect(ROLES.filter((role) => changesHeld(role))).toEqual(['staff']);
  expect(changesHeld(null)).toBe(false);
});
