/**
 * The SMTP server, the CRM and the language-model endpoint each down, then
 * slow (accepting connections and never answering): visitors' requests still
 * succeed quickly, and the mail and the leads are delivered once the services
 * come back. Each real local service sits behind a TCP proxy the test controls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";
import { type CrmServer, startCrmServer } from "../helpers/crm-server";
import { DEFAULT_MODEL_REPLY, type LlmServer, startLlmServer } from "../helpers/llm-server";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

/**
 * What a visitor may wait for a form or a chat answer while a service is broken: well under the
 * CRM's 10 s attempt timeout and the SMTP client's timeouts, so a request that waited for either
 * fails, with room for a busy shared test machine (typical answers take tens of milliseconds).
 */
const FAST_MS = 5_000;
const LLM_TIMEOUT_MS = 1_500;

describe("SMTP, CRM and language model down or slow", () => {
  let smtp: TestSmtpServer;
  let crm: CrmServer;
  let llm: LlmServer;
  let proxies: { smtp: TcpProxy; crm: TcpProxy; llm: TcpProxy };
  let server: BuiltServer;

  beforeAll(async () => {
    [smtp, crm, llm] = await Promise.all([startTestSmtpServer(), startCrmServer(), startLlmServer()]);
    const port = (url: string) => Number(new URL(url.replace(/^smtp:/, "http:")).port);
    proxies = {
      smtp: await startTcpProxy(port(smtp.url), "down"),
      crm: await startTcpProxy(port(crm.url), "down"),
      llm: await startTcpProxy(port(llm.url), "down"),
    };
    server = await startBuiltServer({
      TRUST_PROXY: "true",
      SMTP_URL: `smtp://127.0.0.1:${proxies.smtp.port}`,
      CRM_WEB_TO_LEAD_URL: `http://127.0.0.1:${proxies.crm.port}/servlet/WebToLead`,
      LLM_BASE_URL: `http://127.0.0.1:${proxies.llm.port}/v1`,
      LLM_API_KEY: "sk-faults-test-key",
      LLM_TIMEOUT_MS: String(LLM_TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all(Object.values(proxies ?? {}).map((p) => p.close()));
    await Promise.all([smtp?.close(), crm?.close(), llm?.close()]);
  });

  let ip = 0;
  async function timed(path: string, body: unknown): Promise<{ status: number; ms: number; json: Record<string, unknown> }> {
    const t0 = Date.now();
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.3.0.${++ip}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    return { status: res.status, ms: Date.now() - t0, json };
  }
  const lead = (email: string) => ({ firstName: "Out", lastName: "Side", email, phone: "12345", message: "Services are down" });

  it("answers visitors quickly while the services are down or hanging, and delivers everything once they are back", async () => {
    for (const mode of ["down", "hang"] as const) {
      for (const p of Object.values(proxies)) p.set(mode);
      const sub = await timed("/api/newsletter/subscribe", { email: `reader-${mode}@example.com` });
      expect(sub.status, `${mode}: subscribe`).toBe(200);
      expect(sub.ms, `${mode}: subscribe time`).toBeLessThan(FAST_MS);
      const stored = await timed("/api/leads", lead(`lead-${mode}@example.com`));
      expect(stored.status, `${mode}: lead`).toBe(201);
      expect(stored.ms, `${mode}: lead time`).toBeLessThan(FAST_MS);
      const chat = await timed("/api/chat", { message: "How much does it cost?" });
      expect(chat.status, `${mode}: chat`).toBe(200);
      // The local assistant answers when the model cannot (spec section 8).
      expect(String((chat.json.data as { reply: string }).reply), `${mode}: chat reply`).toMatch(/\$29|Free/);
      expect(chat.ms, `${mode}: chat time`).toBeLessThan(LLM_TIMEOUT_MS + FAST_MS);
    }
    expect(smtp.messages).toHaveLength(0);
    expect(crm.requests).toHaveLength(0);

    for (const p of Object.values(proxies)) p.set("up");
    // The model answers again at once.
    const chat = await timed("/api/chat", { message: "hello there" });
    expect(chat.status).toBe(200);
    expect(String((chat.json.data as { reply: string }).reply)).toContain(DEFAULT_MODEL_REPLY.split("\n")[0]!.replace(/\*\*/g, "").slice(0, 10));
    expect(llm.requests.length).toBeGreaterThan(0);

    // The outboxes retry with back-off: the leads within about half a minute, the mail within about a minute.
    await crm.waitForRequests(2, 60_000);
    for (const mode of ["down", "hang"]) expect(crm.requestsFor(`lead-${mode}@example.com`), `lead ${mode}`).toHaveLength(1);
    for (const mode of ["down", "hang"]) {
      const mail = await smtp.waitForMail((m) => m.to.includes(`reader-${mode}@example.com`), 90_000);
      expect(mail.text).toMatch(/newsletter\/confirm\?token=/);
    }
    // Each lead's acknowledgement to the visitor (issue 45) goes out too, once the mail server is back.
    for (const mode of ["down", "hang"]) await smtp.waitForMail((m) => m.to.includes(`lead-${mode}@example.com`), 90_000);
    // Nothing was delivered twice: two leads to the CRM; two confirmations and two acknowledgements by mail.
    expect(crm.requests).toHaveLength(2);
    for (const to of ["reader-down", "reader-hang", "lead-down", "lead-hang"]) {
      expect(smtp.messages.filter((m) => m.to.includes(`${to}@example.com`)), to).toHaveLength(1);
    }
    expect(smtp.messages).toHaveLength(4);
  }, 180_000);
});
