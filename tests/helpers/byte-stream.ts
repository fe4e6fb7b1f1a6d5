/** Bodies that arrive in awkward pieces, for the server-sent-events readers' tests. */

/** A body that delivers these chunks one read at a time. */
export function bodyOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else controller.close();
    },
  });
}

/** The text as UTF-8 cut in two at every byte offset (a multi-byte character is cut too), then one byte per chunk. */
export function* awkwardChunkings(text: string): Generator<{ name: string; chunks: Uint8Array[] }> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 1; at < bytes.length; at++) {
    yield { name: `cut at byte ${at}`, chunks: [bytes.slice(0, at), bytes.slice(at)] };
  }
  yield { name: "one byte per chunk", chunks: Array.from(bytes, (b) => Uint8Array.of(b)) };
}

/** The chunks of a body written as these strings. */
export function utf8Chunks(...parts: string[]): Uint8Array[] {
  const encoder = new TextEncoder();
  return parts.map((p) => encoder.encode(p));
}
