import { MEDIA_MESSAGES, MEDIA_RULES } from "../../../shared/content/studio-media";
import { LaneFullError, createLane } from "../work-lane";
import { unavailable } from "../errors";

// Decoding and encoding an upload holds libvips threads and up to a few hundred MB of pixels for a second or two:
// one process makes at most `concurrentUploads` at once; a few more wait, and beyond that the uploader is told to
// retry. The pool is shared with file reads, compression and password hashing, so it is never all given to images.
const lane = createLane({ concurrency: MEDIA_RULES.concurrentUploads, maxQueue: MEDIA_RULES.queueLength, maxWaitMs: 30_000 });

export const uploadLane = {
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await lane.run(work);
    } catch (error) {
      if (error instanceof LaneFullError) throw unavailable(MEDIA_MESSAGES.busy, 5);
      throw error;
    }
  },
  stats: () => lane.stats(),
};
