// THE table of who may see and do what. The server's allow(...) middleware and
// the client's menu and route guards both read it, so they cannot drift apart.

export const ROLES = ['admin', 'owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** admin > owner > manager > staff > none (an approved registration has no role yet). */
export const RANK: Record<Role, number> = { admin: 4, owner: 3, manager: 2, staff: 1 };

export function rankOf(role: Role | null | undefined): number {
  return role ? RANK[role] : 0;
}

/** Shown wherever an account has no role yet. */
export function roleLabel(role: Role | null | undefined): string {
  return role ?? 'User';
}

const ALL: readonly Role[] = ROLES;
const ADMIN_OWNER: readonly Role[] = ['admin', 'owner'];
const ADMIN_OWNER_MANAGER: readonly Role[] = ['admin', 'owner', 'manager'];

/**
 * Every access rule a procedure can name. Screens follow the side
 * navigation exactly; the review rules are in docs/rules.md, Roles and sessions.
 */
export const ACCESS = {
  dashboard: ALL,
  dashboardFinance: ADMIN_OWNER_MANAGER,
  userManagement: ADMIN_OWNER_MANAGER,
  activityLog: ADMIN_OWNER_MANAGER,
  inventory: ALL,
  salesManagement: ALL,
  salesReport: ADMIN_OWNER,
  supplierManagement: ALL,
  customerManagement: ALL,
  backupRestore: ADMIN_OWNER,
  notifications: ALL,
  settings: ADMIN_OWNER,
  settingsLists: ALL,
  reviewRegistrations: ADMIN_OWNER,
  reviewPasswordResets: ADMIN_OWNER,
  reviewActionRequests: ADMIN_OWNER_MANAGER,
  /** Every cashier opens, uses and closes their own shift and reads its X reading. */
  shifts: ALL,
  /** Any cashier's shift: its X reading, closing it, the list of everyone's shifts. */
  shiftsOversee: ADMIN_OWNER_MANAGER,
  /** The Z reading (end of day) and its list, and the SC/PWD sales book BIR asks for. */
  endOfDay: ADMIN_OWNER_MANAGER,
  /**
   * Beyond one's own counter: every sale's line costs and SC/PWD ID numbers, selling without an
   * open shift, and dating a sale before the last Z reading (with a reason).
   */
  salesOversee: ADMIN_OWNER_MANAGER,
  /** Purchase orders: drafting, ordering and cancelling what the shop buys. */
  purchaseOrders: ADMIN_OWNER_MANAGER,
  /** Taking a delivery in against an ordered purchase order: staff take deliveries too. */
  receiving: ALL,
  /** Writing off waste; a staff account's write-off is held for approval. */
  waste: ALL,
  /** The waste log and its totals. */
  wasteLog: ADMIN_OWNER_MANAGER,
  /** Cake orders: taking them with deposits, the calendar, pickup; a staff cancellation is held. */
  cakeOrders: ALL,
  /** Baking from recipes: the bake plan, baking a batch, the batches (bakers are staff). */
  production: ALL,
  /** Adding and editing terminals (tills) and their BIR registration. */
  terminals: ADMIN_OWNER,
  /** Choosing another terminal for a device that already has one. */
  terminalChoose: ADMIN_OWNER_MANAGER,
  /** The journal: verifying its chain and exporting it. */
  journal: ADMIN_OWNER,
  /** Receipt printers: each terminal's printer, test prints. */
  printers: ADMIN_OWNER,
  /** Opening the cash drawer without a sale, with a reason. */
  openDrawer: ADMIN_OWNER_MANAGER,
} as const satisfies Record<string, readonly Role[]>;

export type AccessRule = keyof typeof ACCESS;

/** Role rules that are not in the table: anyone, any signed-in account, or a must-reset token. */
export type ProcedureAccess = AccessRule | 'public' | 'signedIn' | 'passwordReset';

/** A staff account's edits and deletes are held for approval; every other role's apply at once. */
export function changesHeld(role: Role | null | undefined): boolean {
  return role === 'staff';
}

export function can(role: Role | null | undefined, rule: AccessRule): boolean {
  return role != null && (ACCESS[rule] as readonly Role[]).includes(role);
}

/** A roleless account may open the Dashboard (to read that it waits for a role) and nothing else. */
export interface NavEntry {
  label: string;
  path: string;
  rule: AccessRule;
  /** A part of the Dashboard this entry opens (/dashboard?view=…); these menu entries open /dashboard. */
  view?: DashboardView;
}

const DASHBOARD_VIEWS = ['profitability', 'pricing'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** Where a menu entry links to. */
export function hrefOf(entry: NavEntry): string {
  return entry.view ? `${entry.path}?view=${entry.view}` : entry.path;
}

/** The side navigation, in order. Some entries point at /dashboard on purpose. */
export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/dashboard', rule: 'dashboard' },
  { label: 'User Management', path: '/user-management', rule: 'userManagement' },
  { label: 'Activity Log', path: '/activity-log', rule: 'activityLog' },
  { label: 'Inventory', path: '/inventory', rule: 'inventory' },
  { label: 'Purchasing', path: '/purchasing', rule: 'purchaseOrders' },
  { label: 'Receiving', path: '/receiving', rule: 'receiving' },
  { label: 'Waste', path: '/waste', rule: 'wasteLog' },
  { label: 'Sales Management', path: '/sales-management', rule: 'salesManagement' },
  { label: 'Cake Orders', path: '/cake-orders', rule: 'cakeOrders' },
  { label: 'Production', path: '/production', rule: 'production' },
  { label: 'Sales Report', path: '/sales-report', rule: 'salesReport' },
  { label: 'End of Day', path: '/end-of-day', rule: 'endOfDay' },
  { label: 'Report', path: '/dashboard', rule: 'salesReport' },
  { label: 'Profitability Dashboard', path: '/dashboard', rule: 'salesReport', view: 'profitability' },
  { label: 'Supplier Management', path: '/supplier-management', rule: 'supplierManagement' },
  { label: 'Customer Management', path: '/customer-management', rule: 'customerManagement' },
  { label: 'Pricing Management', path: '/dashboard', rule: 'dashboardFinance', view: 'pricing' },
  { label: 'Backup and Restore', path: '/backuprestore', rule: 'backupRestore' },
  { label: 'Notifications', path: '/notifications', rule: 'notifications' },
  { label: 'Settings', path: '/settings', rule: 'settings' },
];

export function navigationFor(role: Role | null | undefined): NavEntry[] {
  if (!role) return NAVIGATION.filter((e) => e.label === 'Dashboard');
  return NAVIGATION.filter((e) => can(role, e.rule));
}

/** The screen a path belongs to, for route guards. Unknown paths have no rule. */
export function ruleForPath(path: string): AccessRule | undefined {
  return NAVIGATION.find((e) => e.path === path && e.path !== '/dashboard')?.rule;
}
