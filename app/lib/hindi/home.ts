// The home page's Hindi labels (its copy comes from the loader) (decision 0036): what the components name, so the chunk a Hindi page fetches carries no more.
export {
  AUDIENCE_LABELS_HI,
  COMPARISON_LABELS_HI,
  DEMO_VIDEO_HI,
  HERO_HI,
  LEADS_BOARD_HI,
  METRICS_LABELS_HI,
  TESTIMONIALS_LABELS_HI,
  WISE_CORE_DIAGRAM_HI,
  comparisonCaptionHi,
} from "@shared/content/hi/home";
