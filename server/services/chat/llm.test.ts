import { afterEach, describe, expect, it, vi } from "vitest";
import { awkwardChunkings, bodyOf, utf8Chunks } from "../../../tests/helpers/byte-stream";
import { LlmError, streamComplete } from "./llm";

const config = { LLM_API_KEY: "sk-test", LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_MODEL: "test-model", LLM_TIMEOUT_MS: 5000 };
const PARAMS = { max_tokens: 10, temperature: 0 };

/** The model's answer: this body, as a stream of server-sent events. */
function modelAnswers(body: () => ReadableStream<Uint8Array>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body(), { status: 200, headers: { "content-type": "text/event-stream" } })),
  );
}

async function pieces(overrides: Partial<typeof config> = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of streamComplete({ ...config, ...overrides }, [{ role: "user", content: "hi" }], PARAMS)) out.push(piece);
  return out;
}

function chunk(content: string | null, finish: string | null = null): string {
  return JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] });
}

const STREAM = [
  `data: ${chunk("Grüße ")}\n\n`,
  `data: ${chunk("👋 from")}\n\n`,
  `data: ${chunk(" the model")}\n\n`,
  `data: ${chunk(null, "stop")}\n\n`,
  "data: [DONE]\n\n",
].join("");
const PIECES = ["Grüße ", "👋 from", " the model"];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("reading the language model's stream", () => {
  it("reads an event whose data spans several data: lines", async () => {
    const multiLine = `data: {"choices":[{"index":0,\ndata: "delta":{"content":"Hello\\nthere"},\ndata:"finish_reason":null}]}\n\ndata: ${chunk(null, "stop")}\n\ndata: [DONE]\n\n`;
    modelAnswers(() => bodyOf(utf8Chunks(multiLine)));
    expect(await pieces()).toEqual(["Hello\nthere"]);
  });

  it("reads the same pieces however the bytes are cut into chunks", async () => {
    for (const { name, chunks } of awkwardChunkings(STREAM)) {
      modelAnswers(() => bodyOf(chunks));
      expect((await pieces()).join(""), name).toBe(PIECES.join(""));
    }
  });

  it("reads CRLF line ends, cut at every byte too", async () => {
    const crlf = STREAM.replaceAll("\n", "\r\n");
    modelAnswers(() => bodyOf(utf8Chunks(crlf)));
    expect(await pieces()).toEqual(PIECES);
    for (const { name, chunks } of awkwardChunkings(crlf)) {
      modelAnswers(() => bodyOf(chunks));
      expect((await pieces()).join(""), name).toBe(PIECES.join(""));
    }
  });

  it("skips comments and keep-alives between and inside events", async () => {
    const withComments = `: OPENROUTER PROCESSING\n\n${STREAM.replace("data: [DONE]", ": keep-alive\ndata: [DONE]").replaceAll("\n\ndata:", "\n\n:\n\ndata:")}`;
    modelAnswers(() => bodyOf(utf8Chunks(withComments)));
    expect(await pieces()).toEqual(PIECES);
  });

  it("keeps waiting while keep-alives arrive, longer than the timeout in all", async () => {
    const TIMEOUT_MS = 400;
    modelAnswers(() => {
      let sent = 0;
      const encoder = new TextEncoder();
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 50));
          sent += 1;
          // A keep-alive every 50 ms for about 1.2 s (three timeouts), then the answer.
          if (sent < 24) controller.enqueue(encoder.encode(": keep-alive\n\n"));
          else {
            controller.enqueue(encoder.encode(STREAM));
            controller.close();
          }
        },
      });
    });
    expect(await pieces({ LLM_TIMEOUT_MS: TIMEOUT_MS })).toEqual(PIECES);
  });

  it("takes a last event that ends without its blank line", async () => {
    modelAnswers(() => bodyOf(utf8Chunks(STREAM.replace(/\n\n$/, "\n"))));
    expect(await pieces()).toEqual(PIECES);
  });

  it("fails as malformed when an event's data is not JSON, after the pieces before it", async () => {
    modelAnswers(() => bodyOf(utf8Chunks(`data: ${chunk("Partial ")}\n\ndata: {"choices":\ndata: [oops\n\ndata: [DONE]\n\n`)));
    const seen: string[] = [];
    const error = await (async () => {
      for await (const piece of streamComplete(config, [{ role: "user", content: "hi" }], PARAMS)) seen.push(piece);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["Partial "]);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).reason).toBe("malformed");
  });
});
