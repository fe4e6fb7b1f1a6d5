/**
 * The home page's sections under the first screen skip their style, layout and paint until the visitor
 * scrolls near them (`content-visibility: auto`): the first screen is ready sooner, and the font's arrival
 * re-lays out only what is on screen. Until a section is first drawn it holds the height it has on a phone
 * (a guess only for the scroll bar: `auto` keeps its real height from then on), and it is drawn before it
 * reaches the screen, so nothing on screen moves. Its content stays in the page for search, finding in the
 * page, anchors and assistive technology; only its rendered text (`innerText`) is empty until then, so the
 * comparison table, whose words are read back as rendered text, is always drawn.
 */
export const BELOW_FOLD = {
  "pain-points": "[content-visibility:auto] [contain-intrinsic-height:auto_69rem]",
  promise: "[content-visibility:auto] [contain-intrinsic-height:auto_26rem]",
  benefits: "[content-visibility:auto] [contain-intrinsic-height:auto_95rem]",
  metrics: "[content-visibility:auto] [contain-intrinsic-height:auto_35rem]",
  audience: "[content-visibility:auto] [contain-intrinsic-height:auto_85rem]",
  "wise-core": "[content-visibility:auto] [contain-intrinsic-height:auto_46rem]",
  steps: "[content-visibility:auto] [contain-intrinsic-height:auto_80rem]",
  kit: "[content-visibility:auto] [contain-intrinsic-height:auto_69rem]",
  "available-for": "[content-visibility:auto] [contain-intrinsic-height:auto_26rem]",
  testimonials: "[content-visibility:auto] [contain-intrinsic-height:auto_63rem]",
  faq: "[content-visibility:auto] [contain-intrinsic-height:auto_254rem]",
} as const;
