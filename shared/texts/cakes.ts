import { formatCount } from '../digits';
import { INVENTORY_TEXT } from './inventory';

/** The longest a baked cake keeps, in days. */
export const SHELF_LIFE_MAX = 365;
/** The most cakes of one kind the shelf may aim for each morning. */
export const SHELF_TARGET_MAX = 10_000;

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
  quantityPositive: 'Ingredient quantity must be more than 0.',
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
  shelfLifeRange: `Shelf life must be a whole number of days from 1 to ${SHELF_LIFE_MAX}.`,
  shelfTargetRange: `Shelf target must be a whole number from 0 to ${formatCount(SHELF_TARGET_MAX)}.`,
} as const;

/** On the form "Regular"; over the wire "Always". */
export const AVAILABILITY = ['Always', 'Seasonal'] as const;

export const AVAILABILITY_LABELS: Record<(typeof AVAILABILITY)[number], string> = {
  Always: 'Regular',
  Seasonal: 'Seasonal',
};
