import { INVENTORY_TEXT } from './inventory';

// The exact texts of the Inventory screen's cakes, with the server's own messages.
export const CAKE_TEXT = {
  nameRequired: 'Please enter the cake name.',
  categoryRequired: 'Please select a category.',
  sizeRequired: 'Please select a cake size.',
  availabilityRequired: 'Please select availability.',
  priceRequired: 'Please enter the cake price.',
  ingredientsRequired: 'Please add at least one ingredient.',
  saved: 'Cake added or updated successfully!',
  deleted: 'Item deleted successfully!',
  noCakes: 'No cakes found.',
  priceNegative: 'Cake price must be a non-negative number.',
  stockNegative: 'Stock must be a non-negative number.',
  amountNegative: 'Amount must be a non-negative number.',
  quantityMin: 'Ingredient quantity must be at least 1.',
  badIngredient: 'Please choose each ingredient from the inventory list.',
  repeatedIngredient: 'Each ingredient can be listed once; change its quantity instead.',
  seasonRequired: 'Please enter the seasonal period (start and end dates).',
  seasonBackwards: 'The seasonal period cannot end before it starts.',
  duplicateId: 'Cake ID already exists. Please choose a unique ID.',
  notFound: 'That cake does not exist.',
  badCategory: 'Please choose a cake category from the list.',
  badSize: 'Please choose a cake size from the list.',
  tooManyIngredients: 'A cake can have at most 100 ingredients.',
  scPwdNotBoolean: INVENTORY_TEXT.scPwdNotBoolean,
} as const;

/** On the form "Regular"; over the wire "Always". */
export const AVAILABILITY = ['Always', 'Seasonal'] as const;

export const AVAILABILITY_LABELS: Record<(typeof AVAILABILITY)[number], string> = {
  Always: 'Regular',
  Seasonal: 'Seasonal',
};
