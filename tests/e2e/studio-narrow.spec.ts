/**
 * Every studio page works on a 320 px phone (issue 31): no page scrolls sideways, whatever its tables and charts
 * hold. Wide tables scroll inside their own region instead.
 */
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";
import { signInAsStaff } from "./session";

const PAGES = [
  "/studio/pages",
  "/studio/faq",
  "/studio/faq/revisions",
  "/studio",
  "/studio/posts",
  "/studio/posts/new",
  "/studio/media",
  "/studio/analytics",
  "/studio/questions",
  "/studio/newsletters",
  "/studio/subscribers",
  "/studio/leads",
  "/studio/accounts",
  "/studio/staff",
  "/studio/audit",
  "/studio/export",
  "/studio/password",
  "/studio/settings",
  "/studio/categories",
];

test("no studio page is wider than a 320 px or 375 px screen", async ({ page, server }) => {
  await signInAsStaff(page, server, "narrow.owner@example.com", "owner");
  const headers = { origin: server.url };
  await withSamplePosts(page.request, server.url);
  // Something in the lists and the analytics: a lead, a subscriber, page views with a long source.
  await page.request.post(`${server.url}/api/leads`, {
    headers,
    data: { firstName: "Priyadarshini", lastName: "Venkataraghavan", email: "priyadarshini.venkataraghavan@example-clinic.co.in", phone: "9876543210", message: "We run three clinics" },
  });
  await page.request.post(`${server.url}/api/newsletter/subscribe`, { headers, data: { email: "a.very.long.subscriber.address@example-agency.co.in" } });
  await page.request.get(`${server.url}/?utm_source=a-very-long-campaign-source-name&utm_medium=email`, { headers: { referer: "https://l.instagram.com/some/long/path" } });

  const posts = (await (await page.request.get(`${server.url}/api/blogs?limit=1`)).json()) as { data: { _id: number }[] };
  const pages = [...PAGES, `/studio/posts/${posts.data[0]!._id}`];
  const wide: string[] = [];
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of pages) {
      await page.goto(path);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) wide.push(`${path} at ${width} px: ${scroll} px wide`);
    }
  }
  expect(wide).toEqual([]);
});
