import { data } from "react-router";

// Exists only for the end-to-end tests of the error screen: the server answers
// 404 here unless it was started with WP_TEST_ROUTES=1.
export function loader() {
  if (process.env.WP_TEST_ROUTES !== "1") throw data(null, { status: 404 });
  return { enabled: true };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function RenderError() {
  throw new Error("Deliberate render failure for the error screen test");
}
