// Kept apart from browser.ts, which bench/web.ts imports too: this one needs vitest's hooks.
import { afterAll, beforeAll } from 'vitest';
import { type BrowserShop, browserShop } from './browser';

/**
 * A browserShop for the calling test file: started before its tests and closed after them.
 * Its fields are there once the tests run (not while the file is being collected).
 */
export function browserShopForFile(): BrowserShop {
  const b = {} as BrowserShop;
  beforeAll(async () => {
    Object.assign(b, await browserShop());
  });
  afterAll(() => b.close?.());
  return b;
}
