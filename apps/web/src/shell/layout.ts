/** The shell's fixed sizes (docs/product.md, "Constants and looks"). */
export const NAV_WIDTH_PX = 200;
/** At this width or less the navigation becomes a drawer and the dashboard stacks. */
export const NARROW_MAX_WIDTH_PX = 1024;
export const NARROW_QUERY = `(max-width:${NARROW_MAX_WIDTH_PX}px)`;
/** For `sx`: styles that apply on narrow screens (MUI's own breakpoints do not include 1024px). */
export const NARROW = `@media ${NARROW_QUERY}`;

/** The drawer's id, which the menu button controls (MainMenuLayout, NavDrawer). */
export const DRAWER_ID = 'main-menu-drawer';
