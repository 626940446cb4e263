// Kept apart from browser.ts, which bench/web.ts imports too: this one needs vitest's hooks.
import { afterAll, beforeAll, beforeEach } from 'vitest';
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
  // A failed step prints what the browser showed then (dialogs, toasts) and saves a screenshot.
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(() => b.explainFailure?.(task.name));
  });
  afterAll(() => b.close?.());
  return b;
}
