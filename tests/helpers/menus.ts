/** Each role's menu, written out by hand so tests check the role table rather than echo it. */
export const MANAGER_MENU = [
  'Dashboard',
  'User Management',
  'Activity Log',
  'Inventory',
  'Purchasing',
  'Receiving',
  'Waste',
  'Sales Management',
  'Cake Orders',
  'End of Day',
  'Supplier Management',
  'Customer Management',
  'Pricing Management',
  'Notifications',
];

export const STAFF_MENU = [
  'Dashboard',
  'Inventory',
  'Receiving',
  'Sales Management',
  'Cake Orders',
  'Supplier Management',
  'Customer Management',
  'Notifications',
];
