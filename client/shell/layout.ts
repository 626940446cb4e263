// The signed-in shell's measures, shared by AppLayout and the skeleton each signed-in page's
// HTML paints before the app runs (scripts/build/shellSkeleton.ts): the two must match.

export const HEADER_HEIGHT = 60;
export const EXPANDED_WIDTH = 250;
export const COLLAPSED_WIDTH = 68;
/** Below this width (the shop's 820 px tablet) the open menu would leave tables too little room. */
export const NARROW_SCREEN_PX = 1024;
