import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("blogs", "routes/blogs.tsx", { id: "blogs" }),
  route("services", "routes/blogs.tsx", { id: "services" }),
  route("blogs-advanced", "routes/blogs-advanced.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("newsletter/subscribe", "routes/newsletter-subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("rss.xml", "routes/rss-xml.ts"),
  route("ai-help", "routes/ai-help.tsx"),
  route("contact", "routes/contact.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("get-started", "routes/get-started.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("sign-out", "routes/sign-out.tsx"),
  route("templates", "routes/templates.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("refund", "routes/refund.tsx"),
  // The owner's studio: every page below checks staff access itself (app/lib/studio.server.ts requireStudio).
  ...prefix("studio", [
    layout("routes/studio/layout.tsx", { id: "studio" }, [
      index("routes/studio/index.tsx"),
    ]),
  ]),
  route("__test/render-error", "routes/test-render-error.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/manifest-webmanifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
