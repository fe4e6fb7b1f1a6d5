/** Small helpers shared by the chat API tests. */
import type { Hono } from "hono";
import type { AppEnv } from "../../server/context";

export type SseEvent = { event: string; data: unknown; at: number };

let ipCounter = 0;
/** A fresh client address for each test, so the per-minute limit of one test never touches another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export function postJson(app: Hono<AppEnv>, path: string, body: unknown, { ip = freshIp(), stream = false } = {}) {
  return app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(stream ? { accept: "text/event-stream" } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Reads a server-sent-events body event by event, noting when each arrived. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // A comment (": answering") only keeps the stream open.
      if (block.split("\n").every((line) => line.startsWith(":"))) continue;
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      events.push({ event, data: data === undefined ? undefined : JSON.parse(data), at: performance.now() });
    }
  }
  return events;
}

/** The final reply of a stream: its "done" event. */
export function doneData(events: SseEvent[]) {
  const done = events.filter((e) => e.event === "done");
  if (done.length !== 1) throw new Error(`expected one done event, got ${events.map((e) => e.event).join(",")}`);
  return done[0]!.data as { success: boolean; data: { reply: string; intent: unknown; quickReplies: string[]; truncated: boolean } };
}
