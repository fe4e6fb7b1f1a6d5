/** The studio's page for the owner's archive (/studio/export). */
export const EXPORT_PAGE = {
  title: "Export",
  description:
    "Everything your business owns on this site in one file: posts with their revisions and images, your pages' copy and your settings with their revisions, subscribers with their consent dates, leads, accounts, the audit log, the questions visitors asked and the daily analytics totals.",
  contents: "What the archive holds",
  tables: {
    blogs: "Posts",
    blog_revisions: "Post revisions",
    media: "Images",
    subscribers: "Subscribers",
    newsletter_issues: "Newsletters sent",
    leads: "Leads",
    users: "Accounts",
    audit_log: "Audit log entries",
    chat_questions: "Questions visitors asked",
    analytics_daily: "Analytics daily totals",
  } as Record<string, string>,
  /** The owner's content (content_entries), told apart: the pages' copy and the settings. */
  content: { copy: "Page copy (fields you edited)", settings: "Settings you saved", revisions: "Copy and settings revisions" },
  leftOut:
    "Never in the archive: passwords, second-factor secrets, sessions and sign-in links, and the raw visits of the last days (only their daily totals). After an import, staff set a password again.",
  format:
    "A .tar.gz file: manifest.json (with a checksum of every file, signed with a key from the site's TOTP_SECRET_KEY when it is set), one JSON file per table, the images under media/, and subscribers and leads as CSV under lists/. Restore it into a new site with npm run import; staff keep their access there only if that site has the same TOTP_SECRET_KEY, otherwise you grant it again.",
  download: "Download the archive",
  quota: "Counts towards the hourly export limit, and is written in the audit log.",
} as const;
