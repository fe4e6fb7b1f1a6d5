import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; from: string; subject: string; text: string; raw: string; headers: Map<string, string>; html: string };

export type TestSmtpOptions = {
  /** A 5xx reply ("550 No such user") for a recipient the server refuses; null accepts it. */
  rejectRecipient?: (address: string) => string | null;
  /** Holds each message this long before accepting it (a slow server, for crash tests and benchmarks). */
  acceptDelayMs?: number;
  /** After this many messages, every further one is held without an answer (a client killed meanwhile never had it). */
  holdAfter?: number;
};

/** A message received in full but never answered (holdAfter): a real server may deliver it all the same. */

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Messages whose whole text arrived after `holdAfter` and were held unanswered: a server that delivers what it
   * received before its client died delivered these, though the client never heard so. */
  held: CapturedMail[];
  waitForMail(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (no auth, no TLS) that keeps every message
 * it receives, with the subject and plain-text body decoded.
 */
export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const held: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  // A message counts as delivered only when the server answered 250 to a client still connected (RFC 5321).
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onClose(session) {
      closed.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const reply = options.rejectRecipient?.(address.address);
      if (!reply) return callback();
      const err = new Error(reply.replace(/^\d{3}\s*/, "")) as Error & { responseCode?: number };
      err.responseCode = Number(reply.slice(0, 3)) || 550;
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMail(raw);
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: parsed.subject,
          text: parsed.text,
          raw,
          headers: parsed.headers,
          html: parsed.html,
        };
        const accept = () => {
          if (closed.has(session.id)) return;
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        };
        if (options.holdAfter !== undefined && messages.length >= options.holdAfter) {
          held.push(mail);
          for (const wake of waiters) wake();
          return;
        }
        if (options.acceptDelayMs) setTimeout(accept, options.acceptDelayMs);
        else accept();
      });
    },
  });
  // A client that vanishes mid-conversation (a sending process killed with SIGKILL) resets its connection; smtp-server
  // reports that as an 'error' event, which without a listener would be thrown into the test runner.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    held,
    waitForMail(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        const wake = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const softBroken = text.replace(/=\n/g, "");
  for (let i = 0; i < softBroken.length; i++) {
    const ch = softBroken[i]!;
    const hex = softBroken.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function findText(part: Part, wanted = "text/plain"): string | null {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const found = findText(splitPart(section.replace(/^\n/, "")), wanted);
      if (found !== null) return found;
    }
    return null;
  }
  return type.toLowerCase().startsWith(wanted) ? decodeBody(part) : null;
}

export function parseMail(raw: string): { subject: string; text: string; html: string; headers: Map<string, string> } {
  const top = splitPart(raw);
  return {
    subject: decodeHeader(top.headers.get("subject") ?? ""),
    text: (findText(top) ?? "").replace(/\n$/, ""),
    html: findText(top, "text/html") ?? "",
    headers: top.headers,
  };
}
