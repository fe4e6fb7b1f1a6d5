import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // The public site: every page in the site's frame (header, footer, splash, stylesheet).
  layout("routes/public-layout.tsx", publicPages("")),
  // The same pages in Hindi under /hi (issue 33, decision 0032): the same modules, the language read from the address.
  route("hi", "routes/public-layout.tsx", { id: "hi" }, publicPages("hi/")),
  // The owner's studio: its own frame; every page below checks staff access itself (app/lib/studio.server.ts requireStudio).
  ...prefix("studio", [
    layout("routes/studio/layout.tsx", { id: "studio" }, [
      index("routes/studio/index.tsx"),
      route("second-factor", "routes/studio/second-factor.tsx"),
      route("enrol", "routes/studio/enrol.tsx"),
      route("staff", "routes/studio/staff.tsx"),
      route("audit", "routes/studio/audit.tsx"),
      route("posts", "routes/studio/posts.tsx"),
      route("posts/new", "routes/studio/posts-new.tsx"),
      route("posts/:id", "routes/studio/post-edit.tsx"),
      route("posts/:id/revisions", "routes/studio/post-revisions.tsx"),
      route("categories", "routes/studio/categories.tsx"),
      route("media", "routes/studio/media.tsx"),
      route("analytics", "routes/studio/analytics.tsx"),
      route("questions", "routes/studio/questions.tsx"),
      route("subscribers", "routes/studio/subscribers.tsx"),
      route("subscribers/export", "routes/studio/subscribers-export.ts"),
      route("subscribers/import", "routes/studio/subscribers-import.tsx"),
      route("newsletters", "routes/studio/newsletters.tsx"),
      route("newsletters/new", "routes/studio/newsletter-new.tsx"),
      route("newsletters/:id", "routes/studio/newsletter.tsx"),
      route("orders", "routes/studio/orders.tsx"),
      route("orders/:id", "routes/studio/order.tsx"),
      route("orders/:id/files/:file", "routes/studio/order-file.ts"),
      route("leads", "routes/studio/leads.tsx"),
      route("bookings", "routes/studio/bookings.tsx"),
      route("leads/export", "routes/studio/leads-export.ts"),
      route("leads/:id", "routes/studio/lead.tsx"),
      route("accounts", "routes/studio/accounts.tsx"),
      route("accounts/export", "routes/studio/accounts-export.ts"),
      route("export", "routes/studio/export.tsx"),
      route("export/archive", "routes/studio/export-archive.ts"),
      route("settings", "routes/studio/settings.tsx"),
      route("pages", "routes/studio/pages.tsx"),
      route("pages/:doc", "routes/studio/copy-edit.tsx", { id: "studio-page-copy" }),
      route("pages/:doc/revisions", "routes/studio/copy-revisions.tsx", { id: "studio-page-copy-revisions" }),
      route("faq", "routes/studio/copy-edit.tsx", { id: "studio-faq" }),
      route("faq/revisions", "routes/studio/copy-revisions.tsx", { id: "studio-faq-revisions" }),
      route("password", "routes/studio/password.tsx"),
    ]),
  ]),
  // The studio's preview of a post: staff only, drawn in the public site's frame and stylesheet (what visitors will see).
  route("studio/posts/:id/preview", "routes/studio-post-preview.tsx"),
  // Resource routes (no page).
  route("rss.xml", "routes/rss-xml.ts"),
  route("hi/rss.xml", "routes/rss-xml.ts", { id: "hi/routes/rss-xml" }),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/manifest-webmanifest.ts"),
  route("book-demo/ics", "routes/book-demo-ics.ts"),
  route("hi/book-demo/ics", "routes/book-demo-ics.ts", { id: "hi/routes/book-demo-ics" }),
] satisfies RouteConfig;

/**
 * The public site's pages, once per language: `idPrefix` keeps the Hindi routes' ids apart from the English ones
 * (same files, other ids).
 */
function publicPages(idPrefix: string): RouteConfigEntry[] {
  // English keeps the ids it always had (the file's path without its extension, unless a page names its own).
  const page = (path: string, file: string, id?: string) =>
    id || idPrefix ? route(path, file, { id: `${idPrefix}${id ?? file.replace(/\.tsx?$/, "")}` }) : route(path, file);
  return [
    idPrefix ? index("routes/home.tsx", { id: `${idPrefix}routes/home` }) : index("routes/home.tsx"),
    page("about", "routes/about.tsx"),
    page("blogs", "routes/blogs.tsx", "blogs"),
    page("services", "routes/blogs.tsx", "services"),
    page("blogs-advanced", "routes/blogs-advanced.tsx"),
    page("blog/:slug", "routes/blog-post.tsx"),
    page("newsletter/subscribe", "routes/newsletter-subscribe.tsx"),
    // One page for both links of a newsletter e-mail, told apart by its address (ids as before).
    page("newsletter/confirm", "routes/newsletter-link.tsx", "routes/newsletter-confirm"),
    page("newsletter/unsubscribe", "routes/newsletter-link.tsx", "routes/newsletter-unsubscribe"),
    page("ai-help", "routes/ai-help.tsx"),
    page("contact", "routes/contact.tsx"),
    page("sign-in", "routes/sign-in.tsx"),
    page("get-started", "routes/get-started.tsx"),
    page("forgot-password", "routes/forgot-password.tsx"),
    page("reset-password", "routes/reset-password.tsx"),
    page("verify-email", "routes/verify-email.tsx"),
    page("sign-out", "routes/sign-out.tsx"),
    page("templates", "routes/templates.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("terms", "routes/terms.tsx"),
    page("refund", "routes/refund.tsx"),
    page("book-demo", "routes/book-demo.tsx"),
    page("book-demo/done", "routes/book-demo-done.tsx"),
    page("book-demo/manage", "routes/book-demo-manage.tsx"),
    page("book-demo/return", "routes/book-demo-return.tsx"),
    // Opened by people who are not staff yet: in the site's frame, outside the studio's staff check (server/pages/studio-gate.ts).
    ...(idPrefix ? [] : [page("studio/invitation", "routes/studio-invitation.tsx"), page("__test/render-error", "routes/test-render-error.tsx")]),
    page("*", "routes/not-found.tsx"),
  ];
}
