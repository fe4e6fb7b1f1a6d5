/**
 * First-party analytics (decision 0017): the names of what is counted and the studio dashboard's copy.
 * The browser's listener (app/lib/analytics-listener.ts) imports only the constants at the top.
 */

/** Goals recorded by the server, at the door of the service that did the thing. */
export const SERVER_GOALS = ["lead", "newsletter", "signup", "chat"] as const;
/** Goals the browser reports with a beacon: a click on a booking link, on a WhatsApp link. */
export const CLIENT_GOALS = ["book-demo", "whatsapp"] as const;
export const GOALS = [...SERVER_GOALS, ...CLIENT_GOALS] as const;
export type GoalName = (typeof GOALS)[number];
/** What `POST /api/events` accepts: a navigation inside the app after hydration, or a client goal. */
export const BEACON_EVENTS = ["pageview", ...CLIENT_GOALS] as const;
export type BeaconEvent = (typeof BEACON_EVENTS)[number];
export const EVENTS_PATH = "/api/events";

export const GOAL_LABELS: Record<GoalName, string> = {
  lead: "Contact lead",
  newsletter: "Newsletter subscription",
  signup: "Sign-up",
  chat: "Chat started",
  "book-demo": "Book Demo click",
  whatsapp: "WhatsApp click",
};

/** Sources grouped across a network's host names (server/services/analytics/sources.ts), by their key and name. */
export const SOURCE_GROUPS = {
  instagram: "Instagram",
  facebook: "Facebook",
  google: "Google",
  whatsapp: "WhatsApp",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  x: "X (Twitter)",
} as const;
export type SourceGroup = keyof typeof SOURCE_GROUPS;

/** How a source is shown: a group's name, else the domain or campaign source as stored; '' is direct. */
export function sourceLabel(source: string, direct: string): string {
  if (!source) return direct;
  return Object.hasOwn(SOURCE_GROUPS, source) ? SOURCE_GROUPS[source as SourceGroup] : source;
}

/** The actions a visit's funnel ends in (issue 31): a Book Demo click, a WhatsApp click, a contact lead. */
export const FUNNEL_ACTIONS = ["book-demo", "whatsapp", "lead"] as const;
export const FUNNEL_DAYS = 30;

export const ANALYTICS_PERIODS = [
  { value: "7d", days: 7, label: "Last 7 days" },
  { value: "30d", days: 30, label: "Last 30 days" },
  { value: "90d", days: 90, label: "Last 90 days" },
] as const;

export const ANALYTICS_COPY = {
  title: "Analytics",
  intro: "Visitors, where they come from and what they do. No cookies, no addresses; visitors who ask not to be tracked are not counted.",
  period: "Period",
  from: "From",
  to: "To",
  apply: "Show",
  rangeError: "Choose a start and an end date (YYYY-MM-DD), the start on or before the end, at most 3 years apart.",
  filteredBy: "Showing visits",
  clearFilter: "Show all visits",
  exportCsv: "Download CSV",
  realtime: "Visitors in the last 30 minutes",
  visitors: "Visitors",
  views: "Page views",
  viewsPerVisit: "Views per visit",
  bounceRate: "Bounce rate",
  chartTitle: "Visitors per day",
  chartTable: "Visitors per day (table)",
  day: "Day",
  topPages: "Top pages",
  sources: "Sources",
  campaigns: "Campaigns (UTM source / medium / campaign)",
  devices: "Devices",
  browsers: "Browsers",
  goals: "Goals",
  goalsByPage: "Goals by page",
  goalsBySource: "Goals by source",
  posts: "Posts",
  /** A post's views as its page and the posts list count them (decision 0029), beside this period's page views. */
  postViews: "Views (all time)",
  page: "Page",
  source: "Source",
  goal: "Goal",
  count: "Count",
  conversion: "Conversion rate",
  likes: "Likes",
  direct: "Direct / none",
  empty: "Nothing recorded in this period yet.",
  rawOnlyNote: "Filters use the raw events, which are kept for the last {days} days.",
  entries: "Entry pages",
  exits: "Exit pages",
  systems: "Operating systems",
  countries: "Countries",
  country: "Country",
  /** The country's data source and its credit (the GeoLite2 EULA and CC BY-SA 4.0 ask for it where the data is used). */
  countriesNote:
    "From the visitor's address, IPv4 or IPv6, when the page was viewed (only the country is kept). This product includes GeoLite2 Data created by MaxMind, available from https://www.maxmind.com.",
  os: "System",
  device: "Device",
  browser: "Browser",
  visits: "Visits",
  exitRate: "Exit rate",
  change: "Change",
  comparedWith: (from: string, to: string) => `Changes are against the period before: ${from} to ${to}.`,
  /** A figure against the period before, said in words (the arrow and colour only repeat it). */
  changeText: (change: string, previous: string) => `${change} from ${previous}`,
  up: "up",
  down: "down",
  same: "no change",
  newFigure: "new: none in the period before",
  noneEither: "none in either period",
  points: "points",
  funnel: "Funnel: landing to action",
  funnelIntro: (from: string, to: string) =>
    `Visits of the last 30 days (${from} to ${to}), whatever period is shown above. Each step counts the visits that also did the steps before it.`,
  funnelSteps: {
    landed: "Landed on the site",
    browsed: "Opened a second page",
    acted: "Clicked Book Demo or WhatsApp, or sent a lead",
  } as Record<string, string>,
  funnelOfPrevious: "of the step before",
  funnelComparedWith: (from: string, to: string) => `Changes are against the 30 days before: ${from} to ${to}.`,
  funnelActions: "The last step, by action",
  funnelFirstPage: (n: number) => `Besides the funnel: ${n} ${n === 1 ? "visit" : "visits"} acted on the landing page without opening a second page.`,
} as const;

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const signed = (n: number) => (n > 0 ? `up ${n}%` : n < 0 ? `down ${-n}%` : "unchanged");

/** The weekly e-mail to the owners (server/services/analytics/weekly.ts): words and numbers only, ASCII. */
export const WEEKLY_REPORT = {
  subject: (from: string, to: string) => `Your week on the site: ${from} to ${to}`,
  heading: (from: string, to: string) => `Your week: ${from} to ${to}`,
  visitors: (now: number, before: number) =>
    before > 0
      ? `Visitors: ${now} (${signed(Math.round(((now - before) / before) * 100))} from ${before} the week before).`
      : `Visitors: ${now} (none the week before).`,
  views: (n: number) => `Page views: ${n}.`,
  leads: (n: number) => `New leads from the contact form: ${n}.`,
  subscriptions: (n: number) => `New newsletter subscriptions (confirmed): ${n}.`,
  handedOver: (n: number) => `Chat questions handed over to you: ${n}.`,
  sourcesTitle: "Top sources",
  goalsTitle: "Goals",
  direct: "Direct / none",
  none: "No visits this week.",
  open: "Open analytics",
  footer: "You get this e-mail every Monday morning because you are an owner of the site. Turn it off in the studio: Settings, Weekly report.",
} as const;
