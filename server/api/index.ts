import { Hono } from "hono";
import type { AppEnv } from "../context";
import { blogsRouter } from "./blogs";
import { newsletterRouter } from "./newsletter";
import { createChatRouter } from "./chat";
import { createLeadsRouter } from "./leads";
import { createAuthRouter } from "./auth";
import { createStudioRouter } from "./studio";
import { createEventsRouter } from "./events";
import { createOnboardingRouter } from "./onboarding";
import { createRazorpayRouter } from "./razorpay";

/**
 * The JSON API under /api. Each feature mounts its own router here; the
 * handlers read their dependencies from `c.get("deps")`.
 */
export function createApiRouter(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.route("/blogs", blogsRouter());
  api.route("/newsletter", newsletterRouter());
  api.route("/chat", createChatRouter());
  api.route("/leads", createLeadsRouter());
  api.route("/auth", createAuthRouter());
  api.route("/studio", createStudioRouter());
  api.route("/events", createEventsRouter());
  api.route("/onboarding", createOnboardingRouter());
  api.route("/razorpay", createRazorpayRouter());
  return api;
}
