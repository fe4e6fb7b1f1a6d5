/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 for tests.
 * It records every request and answers as told: a whole JSON reply, a
 * server-sent-events stream, an HTTP error, an empty reply, no answer at all
 * (for timeouts), a stream cut mid-way or a stream with bad JSON.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type LlmBehaviour =
  | {
      kind: "reply";
      content: string;
      pieces?: readonly string[];
      pieceDelayMs?: number;
      firstDelayMs?: number;
      /** While waiting firstDelayMs, send a keep-alive comment this often (a provider still "thinking"). */
      keepAliveMs?: number;
      /** Answer as a whole even when a stream was asked for, as some compatible servers do. */
      ignoreStream?: boolean;
    }
  | { kind: "status"; status: number }
  | { kind: "empty" }
  | { kind: "hang" }
  | { kind: "broken-stream"; pieces: readonly string[] }
  | { kind: "bad-stream" };

export type RecordedRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The client closed the connection before the answer was complete. */
  closedEarly: boolean;
};

export type LlmServer = {
  /** The base URL to configure as LLM_BASE_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Decides the answer to each request; the default streams or answers with `defaultReply`. */
  behave: (body: RecordedRequest["body"]) => LlmBehaviour;
  close(): Promise<void>;
};

export const DEFAULT_MODEL_REPLY = "Hello from the **model**.\n• one\n• two";

function splitPieces(content: string): string[] {
  return content.match(/[\s\S]{1,6}/g) ?? [];
}

function chunk(id: string, model: string, content: string | null, finish: string | null): string {
  const delta = content === null ? {} : { content };
  return `data: ${JSON.stringify({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

export async function startLlmServer(): Promise<LlmServer> {
  const sockets = new Set<Socket>();
  const server: LlmServer = {
    url: "",
    requests: [],
    behave: () => ({ kind: "reply", content: DEFAULT_MODEL_REPLY }),
    close: async () => {},
  };

  const httpServer = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts).toString("utf8");
      let body: RecordedRequest["body"] = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const record: RecordedRequest = { path: req.url ?? "", headers: req.headers, body, closedEarly: false };
      server.requests.push(record);
      res.on("close", () => {
        if (!res.writableFinished) record.closedEarly = true;
      });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      void answer(body, res);
    });
  });

  async function answer(body: RecordedRequest["body"], res: http.ServerResponse) {
    const behaviour = server.behave(body);
    const model = String(body?.model ?? "test-model");
    const id = `chatcmpl-${Date.now()}`;
    const stream = body?.stream === true;
    switch (behaviour.kind) {
      case "status":
        res.writeHead(behaviour.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "upstream failure", type: "server_error" } }));
        return;
      case "hang":
        return; // never answers; closed when the client gives up or the server stops
      case "empty":
        if (stream) {
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.end(`${chunk(id, model, "", null)}${chunk(id, model, null, "stop")}data: [DONE]\n\n`);
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ id, model, choices: [{ index: 0, message: { role: "assistant", content: "" }, finish_reason: "stop" }] }));
        }
        return;
      case "bad-stream":
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(`${chunk(id, model, "Partial ", null)}data: {"choices": [oops\n\ndata: [DONE]\n\n`);
        return;
      case "broken-stream": {
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (const piece of behaviour.pieces) res.write(chunk(id, model, piece, null));
        // Let the pieces leave, then cut the connection without [DONE].
        await new Promise((r) => setTimeout(r, 50));
        res.socket?.destroy();
        return;
      }
      case "reply": {
        if (!stream || behaviour.ignoreStream) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              id,
              object: "chat.completion",
              model,
              choices: [{ index: 0, message: { role: "assistant", content: behaviour.content }, finish_reason: "stop" }],
              usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
            }),
          );
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.write(chunk(id, model, "", null));
        if (behaviour.firstDelayMs) {
          const until = Date.now() + behaviour.firstDelayMs;
          const step = behaviour.keepAliveMs ?? behaviour.firstDelayMs;
          while (Date.now() < until && !res.destroyed) {
            await new Promise((r) => setTimeout(r, Math.min(step, until - Date.now())));
            if (behaviour.keepAliveMs && !res.destroyed) res.write(": keep-alive\n\n");
          }
          if (res.destroyed) return;
        }
        for (const piece of behaviour.pieces ?? splitPieces(behaviour.content)) {
          if (res.destroyed) return;
          res.write(chunk(id, model, piece, null));
          if (behaviour.pieceDelayMs) await new Promise((r) => setTimeout(r, behaviour.pieceDelayMs));
        }
        res.end(`${chunk(id, model, null, "stop")}data: [DONE]\n\n`);
        return;
      }
    }
  }

  httpServer.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  server.url = `http://127.0.0.1:${port}/v1`;
  server.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      httpServer.close(() => resolve());
    });
  return server;
}
