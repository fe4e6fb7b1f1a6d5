import type { APIRequestContext } from "@playwright/test";
import { BLOG_POST } from "../../shared/content/blog";
import { SAMPLE_BLOGS } from "../../server/services/blog/samples";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";

// S11 (docs/findings.md): one new like per post and address a day here, so the browser's like is over the allowance.
test.use({ serverEnv: { LIKES_PER_POST_PER_ADDRESS_PER_DAY: "1" } });

const post = SAMPLE_BLOGS[0]!;

/** Seeds the samples and has another visitor (no cookie) from this address use today's allowance for the post. */
async function useTheAllowance(request: APIRequestContext): Promise<void> {
  await withSamplePosts(request);
  const list = (await (await request.get("/api/blogs?limit=50")).json()) as { data: { id: number; slug: string }[] };
  const id = list.data.find((b) => b.slug === post.slug)!.id;
  // 200 the first time on this server; 429 when another test of the file already used it.
  expect([200, 429]).toContain((await request.post(`/api/blogs/${id}/like`, { headers: { cookie: "" } })).status());
}

test("a like over the address's daily allowance says why, next to the button, and is not counted", async ({ page, request, allowErrors }) => {
  await useTheAllowance(request);
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByTestId("likes")).toHaveText("1 like");
  await page.getByRole("button", { name: /Like/ }).click();
  await expect(page.getByRole("status").filter({ hasText: BLOG_POST.likeLimited })).toBeVisible();
  // The refused like's 429 answer is expected here.
  allowErrors(/status of 429/);
  await expect(page.getByRole("button", { name: /Like/ })).not.toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("likes")).toHaveText("1 like");
  await expectAccessible(page);
});

test("without JavaScript, the refused like's page shows the same message", async ({ browser, server, request }) => {
  await useTheAllowance(request);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/blog/${post.slug}`);
  await page.getByRole("button", { name: /Like/ }).click();
  await expect(page.getByText(BLOG_POST.likeLimited)).toBeVisible();
  await expect(page.getByTestId("likes")).toHaveText("1 like");
  await context.close();
});
