import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { SAMPLE_BLOGS } from "../../server/services/blog/samples";

/**
 * The three sample posts on this worker's server: 'Add Sample Blogs' adds them to a blog that never had a post;
 * an earlier test on the same server may have added them already, and then the button is refused (409) by design.
 * Either way the samples must be there afterwards.
 */
export async function withSamplePosts(request: APIRequestContext, baseUrl = ""): Promise<void> {
  // "": relative to the context's baseURL, without an Origin header (as an API client sends it).
  const seeded = await request.post(`${baseUrl}/api/blogs/seed`, { headers: baseUrl ? { origin: baseUrl } : {} });
  expect([200, 409], await seeded.text()).toContain(seeded.status());
  const listing = (await (await request.get(`${baseUrl}/api/blogs?limit=50`)).json()) as { data: { slug: string }[] };
  expect(listing.data.map((b) => b.slug)).toEqual(expect.arrayContaining(SAMPLE_BLOGS.map((s) => s.slug)));
}
