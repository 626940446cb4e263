/** The longest search a list takes. */
export const SEARCH_MAX = 100;
export const SEARCH_CONTROL = 'search must not contain control characters.';
