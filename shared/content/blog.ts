/**
 * The blog and newsletter: copy, categories and limits of the blog listing
 * (/blogs and /services), the post page, the browser-kept Blogs page
 * (/blogs-advanced), the newsletter pages and the e-mails.
 */

import { type MailBlock, mailGreeting } from "./audience";

export const BLOG_CATEGORIES = [
  "All",
  "Growth Strategy",
  "Case Study",
  "Healthcare",
  "Real Estate",
  "Technology",
  "Tips & Tricks",
] as const;

export const BLOG_LIMITS = {
  /** Browser-kept cards show the expand control above this many characters. */
  expandThreshold: 150,
  previewParagraphs: 2,
  previewChars: 200,
  tagsOnCard: 3,
  related: 3,
  sampleBlogs: 3,
  /** Posts per listing page; the API accepts 1 to maxLimit. */
  pageSize: 12,
  maxLimit: 50,
  maxSearchLength: 100,
  searchDebounceMs: 300,
} as const;

export const BLOG_LISTING = {
  title: "Blogs",
  metaDescription:
    "Practical ideas, case studies and guides on growing a local business with a 24x7 AI assistant on WhatsApp.",
  eyebrow: "Wise Parrot Blog",
  heroTitle: "Grow your business, one conversation at a time",
  heroText:
    "Strategies, real stories and step-by-step tips for local businesses that want every WhatsApp enquiry answered, followed up and turned into a customer.",
  stats: { readers: "Total Readers", likes: "Total Likes", articles: "Articles" },
  searchLabel: "Search articles",
  searchPlaceholder: "Search articles...",
  categoryLabel: "Category",
  featuredOnly: "Featured Only",
  applyFilters: "Apply filters",
  featuredBadge: "Featured",
  readFull: "Read Full Article",
  loading: "Loading articles...",
  emptyFiltered: { title: "No articles found", text: "Try adjusting your search criteria", clear: "Clear Filters" },
  emptyNone: { title: "No blog posts yet", button: "Add Sample Blogs", busy: "Adding..." },
  seedConfirm: "This will add 3 sample blog posts to get you started. Continue?",
  seedFailed: (message: string) => `Failed to seed blogs: ${message}`,
  seedFailedGeneric: "Failed to seed blogs. Please try again.",
  /** The API's refusal once the blog has had a post (shown after "Failed to seed blogs: "). */
  seedRefused: "Sample posts can only be added to a blog that has never had a post.",
  seeded: (added: number) =>
    added === 0
      ? "All the sample blog posts are already here. Nothing new was added."
      : `Successfully added ${added} sample blog post${added === 1 ? "" : "s"}!`,
  seedContinue: "Continue",
  seedCancel: "Cancel",
  pagesLabel: "Pages",
  newer: "← Newer articles",
  older: "Older articles →",
  resultsFound: (n: number) => (n === 1 ? "1 article shown" : `${n} articles shown`),
  viewsLabel: "views",
  likesLabel: "likes",
  viewLabel: "view",
  likeLabel: "like",
  moreTags: (n: number) => `+${n} more`,
} as const;

export const BLOG_NEWSLETTER = {
  heading: "Stay ahead of your competitors",
  text: "Get new articles, case studies and WhatsApp growth tips in your inbox. One short e-mail a month.",
  label: "Email address",
  placeholder: "Enter your email address",
  button: "Subscribe",
  busy: "Subscribing...",
  required: "Please enter your email address",
  failed: "Subscription failed. Please try again.",
  network: "Network error. Please check your connection and try again.",
} as const;

export const BLOG_POST = {
  loading: "Loading blog post...",
  notFound: "Blog not found",
  notFoundText: "The article you are looking for does not exist or has been moved.",
  back: "Back to Blogs",
  like: "Like",
  liked: "Liked",
  share: "Share",
  urlCopied: "URL copied to clipboard!",
  /** A like over the per-address allowance (LIKES_PER_POST_PER_ADDRESS_PER_DAY): it was not counted. */
  likeLimited: "Too many likes for this post from your network today. Please try again tomorrow.",
  views: "views",
  likes: "likes",
  oneView: "view",
  oneLike: "like",
  tags: "Tags",
  sectionsLabel: "Article",
  cta: {
    title: "Ready to Transform Your Business?",
    text: "See how Wise Parrot answers every enquiry, books visits and follows up with your leads, 24x7 on WhatsApp.",
    bookDemo: "Book Demo",
    whatsapp: "Start WhatsApp Chat",
    whatsappMessage: "Hi, I just read an article on your blog and I want to learn how Wise Parrot can grow my business!",
  },
  related: "Related Articles",
  newTab: "(opens in a new tab)",
} as const;

/** Messages of the subscription API and the confirm/unsubscribe pages. */
export const NEWSLETTER = {
  /** The same answer whatever the address's state (new, pending, confirmed): it leaks nothing. */
  subscribed: "Successfully subscribed! Please check your inbox and click the link to confirm your subscription.",
  invalidEmail: "Please enter a valid email address.",
  tooMany: "Too many subscription attempts. Please try again later.",
  confirm: {
    title: "Newsletter subscription",
    prompt: "One click to confirm that you want our newsletter at this address.",
    button: "Confirm my subscription",
    confirmed: { heading: "Subscription confirmed", text: "Thank you! You'll receive our next newsletter in your inbox." },
    invalid: {
      heading: "This link is not valid",
      text: "The confirmation link has already been used, has expired or is incomplete. Subscribe again to get a new one.",
    },
  },
  unsubscribe: {
    title: "Unsubscribe",
    prompt: "Stop receiving the Wise Parrot newsletter at this address?",
    button: "Unsubscribe",
    done: { heading: "You have been unsubscribed", text: "You will not receive any more newsletters from us. You can subscribe again at any time." },
    invalid: {
      heading: "This link is not valid",
      text: "The unsubscribe link has already been used or is incomplete. If you still receive our e-mails, use the link in the latest one.",
    },
  },
  backToBlog: "Read the blog",
  home: "Go to the home page",
  /** How long a confirmation link stays valid. */
  confirmTtlMs: 7 * 24 * 3600_000,
  /** How long an unsubscribe link stays valid (it should work from every e-mail). */
  unsubscribeTtlMs: 5 * 365 * 24 * 3600_000,
  /** Confirmation e-mails to one address per hour, so the form cannot be used to flood an inbox. */
  mailsPerAddressPerHour: 3,
  attemptsPerIpPerHour: 30,
  email: {
    subject: "Please confirm your Wise Parrot newsletter subscription",
    /** The unsubscribe link goes in the template's footer. */
    blocks: (confirmUrl: string): MailBlock[] => [
      { kind: "paragraph", text: mailGreeting("") },
      { kind: "paragraph", text: "Thank you for subscribing to the Wise Parrot newsletter.\nPlease confirm your subscription by opening this link:" },
      { kind: "button", label: "Confirm my subscription", url: confirmUrl },
      { kind: "paragraph", text: "If you did not ask for this, ignore this e-mail and you will not hear from us again." },
      { kind: "paragraph", text: "Wise Parrot - Your Digital Growth Assistant" },
    ],
  },
} as const;

/** The browser-kept Blogs page (/blogs-advanced). */
export const LOCAL_BLOGS = {
  title: "Blogs",
  metaDescription: "Read our articles and keep your own: write blogs and bookmarks that stay in this browser.",
  heroTitle: "Our Blogs",
  heroText: "Read our articles, bookmark the ones you like and write your own. Your blogs and bookmarks stay in this browser.",
  stats: { total: "Total Articles", yours: "Your Blogs" },
  readTime: "5 min read",
  free: "Free to Read",
  readFull: "Read Full Article",
  readLess: "Read Less",
  bookmark: "Bookmark",
  bookmarked: "Bookmarked",
  share: "Share",
  delete: "Delete",
  deleteConfirm: "Are you sure you want to delete this blog?",
  confirm: "Confirm",
  cancel: "Cancel",
  noBlogs: "No blogs yet.",
  errors: {
    delete: "Failed to delete blog. Please try again.",
    load: "Error loading blogs. Please refresh the page.",
    save: "Error saving your blog. Please try again.",
  },
  copied: "Blog content copied to clipboard!",
  /** How long the copied message stays before it goes away. */
  noticeMs: 4000,
  bookmarksHeading: "Your Bookmarks",
  noBookmarks: "No bookmarks yet.",
  form: {
    heading: "Write a Blog",
    title: "Title",
    description: "Description",
    descriptionHelp: "Separate paragraphs with a blank line. **Bold** with double asterisks; start a line with . or - for a bullet.",
    author: "Author",
    image: "Image URL (optional)",
    submit: "Publish Blog",
    saved: "Your blog has been published.",
    required: "Please fill in the title, description and author.",
    /** Shown under each empty field; the first one receives focus. */
    missing: { title: "Please enter a title.", description: "Please write the blog's text.", author: "Please enter the author's name." },
    badImage: "The image must be an http(s) address.",
  },
  byline: (author: string) => `By ${author}`,
  storageKeys: { userBlogs: "userBlogs", bookmarks: "bookmarkedBlogs" },
  maxLengths: { title: 200, description: 20_000, author: 100, image: 1000 },
} as const;

export type LocalBlog = {
  id: number;
  title: string;
  description: string;
  author: string;
  date: string;
  views: number;
  likes: number;
  image?: string;
  isUserCreated: boolean;
};

/** The two built-in articles of the browser-kept page (ids 1 and 2). */
export const BUILT_IN_BLOGS: readonly LocalBlog[] = [
  {
    id: 1,
    title: "How a 24x7 WhatsApp Assistant Turns Missed Enquiries into Customers",
    description:
      "Most local businesses lose customers without ever knowing it: an enquiry arrives at 10 pm, nobody answers, and by morning the customer has booked with someone else.\n\n**A digital growth assistant answers in seconds, day and night.** It greets the customer, answers common questions from your own information and books the next step.\n\n- Replies to every WhatsApp message within seconds\n- Books meetings, site visits and appointments\n- Labels each lead and follows up with a short sequence\n\nThe result is simple: more conversations become customers, and your team spends its time on the ones that are ready to buy.",
    author: "Wise Parrot Team",
    date: "2024-07-01",
    views: 0,
    likes: 0,
    isUserCreated: false,
  },
  {
    id: 2,
    title: "Five Follow-up Habits That Double Your Conversions",
    description:
      "Following up is where most sales are won, and where most businesses give up too early.\n\n**Speed matters most.** A lead answered in the first five minutes is far more likely to convert than one answered an hour later.\n\n. Answer first, qualify second\n. Offer one clear next step, like a call or a visit\n. Follow up on day 1, day 3 and day 7\n. Label leads as hot, warm or cold\n. Stop when the customer asks you to\n\nAn assistant can keep these habits for you every single day, so no lead is forgotten.",
    author: "Wise Parrot Team",
    date: "2024-07-05",
    views: 0,
    likes: 0,
    isUserCreated: false,
  },
];

export const RSS = {
  title: "Wise Parrot Blog",
  description: "Articles on growing a local business with a 24x7 AI assistant on WhatsApp.",
  language: "en",
} as const;

/** On an English post page, the link to the post's Hindi translation (issue 33). */
export const POST_TRANSLATION_LINK = { before: "Read this in ", name: "Hindi", after: "", nameLang: "en" } as const;

/**
 * The listing's reader and like counts show from this many up (issue 45): "2+ Total Readers, 0 Total Likes" on a
 * young blog tells a visitor nobody reads it. The article count always shows.
 */
export const BLOG_STATS_SHOWN_FROM = 10;
