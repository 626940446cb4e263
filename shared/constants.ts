// The shop's business constants.

export const PAGE_SIZE = 10;
export const SALES_REPORT_PAGE_SIZE = 6;
export const NOTIFICATIONS_PAGE_SIZE = 12;
export const COUNTER_FETCH_CAP = 1000;

export const POPUP_MS = 3000;
export const LOGIN_REDIRECT_MS = 2000;
export const TOAST_MS = 3000;

export const PAYMENT_METHODS = ['Cash', 'Credit Card', 'GCash', 'PayMaya', 'Others'] as const;
export const ORDER_TYPES = ['Walk-in', 'Online'] as const;
export const VAT_RATES = [0, 12] as const;

/** Local-storage keys the legacy client reads, plus the sidebar's. */
export const STORAGE = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  isLoggedIn: 'isLoggedIn',
  sidebarCollapsed: 'sidebarCollapsed',
} as const;

export const DEFAULT_SHOP_NAME = 'Baking Supplies & Cake Shop';

/** Passwords: at least 8 characters, enforced (the old form only hinted 6). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;

/** tRPC calls in one batched request, at most: the server refuses more, the client link splits. */
export const MAX_BATCH = 10;
