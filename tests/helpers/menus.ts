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
  'Production',
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
  'Production',
  'Supplier Management',
  'Customer Management',
  'Notifications',
];
