/**
 * The home page's sections under the first screen skip their style, layout and paint until the visitor
 * scrolls near them (`content-visibility: auto`): the first screen is ready sooner, and the font's arrival
 * re-lays out only what is on screen. Until a section is first drawn it holds a typical section's height (a
 * guess only for the scroll bar, one value so the page's inline stylesheet gains two rules, not one per
 * section; `auto` keeps its real height from then on), and it is drawn before it reaches the screen, so
 * nothing on screen moves. Its content stays in the page for search, finding in the page, anchors and
 * assistive technology; only its rendered text (`innerText`) is empty until then, so the comparison table,
 * whose cells are read as their rendered words, is always drawn.
 */
export const BELOW_FOLD = "[content-visibility:auto] [contain-intrinsic-height:auto_60rem]";
