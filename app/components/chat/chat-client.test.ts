import { afterEach, describe, expect, it, vi } from "vitest";
import { awkwardChunkings, bodyOf, utf8Chunks } from "../../../tests/helpers/byte-stream";
import { ChatRequestError, sendChatMessage } from "./chat-client";

/** /api/chat answers with this body as a stream of server-sent events, as the server does. */
function serverAnswers(body: () => ReadableStream<Uint8Array>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body(), { status: 200, headers: { "content-type": "text/event-stream; charset=utf-8" } })),
  );
}

async function send() {
  const seen: string[] = [];
  const answer = await sendChatMessage("hi", [], (soFar) => seen.push(soFar));
  return { seen, answer };
}

const REPLY = "Grüße 👋\nfrom the assistant";
const DONE = JSON.stringify({ success: true, data: { reply: REPLY, sources: [{ label: "FAQ", url: "/#faq" }], truncated: false } });
const STREAM = [
  `event: delta\ndata: ${JSON.stringify({ text: "Grüße 👋\n" })}\n\n`,
  `event: delta\ndata: ${JSON.stringify({ text: "from the assistant" })}\n\n`,
  `event: done\ndata: ${DONE}\n\n`,
].join("");
const EXPECTED = {
  seen: ["Grüße 👋\n", REPLY],
  answer: { reply: REPLY, truncated: false, sources: [{ label: "FAQ", url: "/#faq" }] },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("reading /api/chat's stream in the browser", () => {
  it("reads an event whose data spans several data: lines", async () => {
    // The lines join with a line feed, which JSON reads as white space between tokens.
    const lines = DONE.replace('{"success":true,', '{"success":true,\ndata: ').replace(',"truncated"', '\ndata:,"truncated"');
    serverAnswers(() => bodyOf(utf8Chunks(`event: done\ndata: ${lines}\n\n`)));
    const { answer } = await send();
    expect(answer).toEqual(EXPECTED.answer);
  });

  it("reads the same pieces and answer however the bytes are cut into chunks", async () => {
    for (const { name, chunks } of awkwardChunkings(STREAM)) {
      serverAnswers(() => bodyOf(chunks));
      expect(await send(), name).toEqual(EXPECTED);
    }
  });

  it("reads CRLF line ends, cut at every byte too", async () => {
    const crlf = STREAM.replaceAll("\n", "\r\n");
    serverAnswers(() => bodyOf(utf8Chunks(crlf)));
    expect(await send()).toEqual(EXPECTED);
    for (const { name, chunks } of awkwardChunkings(crlf)) {
      serverAnswers(() => bodyOf(chunks));
      expect(await send(), name).toEqual(EXPECTED);
    }
  });

  it("skips comments, keep-alives and events without a name", async () => {
    const noisy = `: keep-alive\n\n${STREAM.replace("event: done", ": still there\nevent: done")}`.replace(
      "event: delta",
      "data: not for this page\n\n:\n\nevent: delta",
    );
    serverAnswers(() => bodyOf(utf8Chunks(noisy)));
    expect(await send()).toEqual(EXPECTED);
  });

  it("turns an error event into a ChatRequestError with the server's message", async () => {
    serverAnswers(() =>
      bodyOf(utf8Chunks(`event: delta\ndata: {"text":"Half"}\n\nevent: error\ndata: {"success":false,"message":"The reply could not be completed."}\n\n`)),
    );
    const error = await send().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect((error as ChatRequestError).message).toBe("The reply could not be completed.");
  });

  it("fails when the stream ends without its done event, even with an unfinished one", async () => {
    serverAnswers(() => bodyOf(utf8Chunks(`event: delta\ndata: {"text":"Half"}\n\nevent: done\ndata: ${DONE}\n`)));
    const error = await send().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect((error as ChatRequestError).message).toBe("The chat stream ended without a reply.");
  });
});
