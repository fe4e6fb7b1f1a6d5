import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES, MEDIA_RULES } from "../../../shared/content/studio-media";
import { uploadLane } from "./lane";

describe("the upload lane", () => {
  it("runs one upload at a time, lets a few wait, and says the server is busy beyond them", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: number[] = [];
    const running = uploadLane.run(async () => {
      await held;
      order.push(0);
    });
    const waiting = Array.from({ length: MEDIA_RULES.queueLength }, (_, i) => uploadLane.run(async () => void order.push(i + 1)));
    expect(uploadLane.stats()).toMatchObject({ active: MEDIA_RULES.concurrentUploads, queued: MEDIA_RULES.queueLength });
    await expect(uploadLane.run(async () => "never")).rejects.toMatchObject({ kind: "unavailable", message: MEDIA_MESSAGES.busy, retryAfterSeconds: 5 });
    release();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(Array.from({ length: MEDIA_RULES.queueLength + 1 }, (_, i) => i));
    expect(uploadLane.stats()).toMatchObject({ active: 0, queued: 0 });
  });
});
