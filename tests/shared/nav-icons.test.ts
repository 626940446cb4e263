import { describe, expect, it } from 'vitest';
import { NAV_ICONS } from '../../client/shell/navIcons';
import { NAVIGATION } from '../../shared/roles';

// The collapsed sidebar shows only icons: an entry without one is an empty, unnamed button.
describe('side navigation icons', () => {
  it('gives every menu entry an icon', () => {
    expect(NAVIGATION.map((e) => e.label).filter((label) => !NAV_ICONS[label])).toEqual([]);
  });
});
