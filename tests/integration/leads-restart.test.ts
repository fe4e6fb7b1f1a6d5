import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLeads, storeLead } from "../../server/services/leads/intake";
import { type CrmServer, startCrmServer } from "../helpers/crm-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const WORKER = path.resolve(import.meta.dirname, "leads-worker-process.ts");

/** Starts the delivery worker in a child node process and waits until it runs. */
async function startWorkerProcess(dbUrl: string, crmUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    env: {
      ...process.env,
      LEADS_DB_URL: dbUrl,
      CRM_URL: crmUrl,
      // One lead at a time, quick polls and a short lease so the test stays short.
      LEAD_DELIVERY_OPTIONS: JSON.stringify({ batchSize: 1, pollMs: 200, leaseMs: 1500, timeoutMs: 30_000, baseDelayMs: 200 }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${stderr}`)), 20_000);
    child.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("worker ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${stderr}`)));
  });
  // A worker that stops by itself would leave leads undelivered for a reason that is not the one under test.
  child.once("exit", (code, signal) => {
    if (signal !== "SIGKILL") exitedEarly.push(`worker exited by itself (${code ?? signal}): ${stderr}`);
  });
  return child;
}

/** Workers that stopped on their own (anything but the test's SIGKILL). */
const exitedEarly: string[] = [];

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe.each(testDatabaseKinds())("lead delivery across a crash on %s", (kind) => {
  let t: TestDatabase;
  let crm: CrmServer;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    crm = await startCrmServer();
  });
  afterAll(async () => {
    await Promise.all(children.map(kill));
    await crm.close();
    await t.drop();
  });

  it("delivers every pending lead after a restart; only the one in flight is sent again", { timeout: 60_000 }, async () => {
    const deps = testDeps(t.db);
    const emails = ["first@example.com", "second@example.com", "third@example.com"];
    for (const email of emails) {
      await storeLead(deps, {
        firstName: "Meera",
        lastName: "Joshi",
        email,
        phone: "+91 90000 22222",
        message: "Please call me back.",
        leadSource: "Web Research",
        website: "",
      });
    }

    // The CRM takes the first lead and never answers; the process dies while waiting.
    crm.fallback = "hang";
    const first = await startWorkerProcess(t.url, crm.url);
    children.push(first);
    await crm.waitForRequests(1, 15_000);
    await kill(first);
    expect(crm.requests).toHaveLength(1);
    const inFlight = crm.requests[0]!.form.email!;
    const afterCrash = await listLeads(deps);
    expect(afterCrash.filter((l) => l.status === "pending")).toHaveLength(2);
    expect(afterCrash.find((l) => l.email === inFlight)?.status).toBe("sending");

    // A new process, the CRM healthy again.
    crm.fallback = { status: 200 };
    const second = await startWorkerProcess(t.url, crm.url);
    children.push(second);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const leads = await listLeads(deps);
      if (leads.every((l) => l.status === "delivered")) break;
      expect(exitedEarly).toEqual([]);
      if (Date.now() > deadline) throw new Error(`not delivered: ${JSON.stringify(leads.map((l) => [l.email, l.status]))}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Give a duplicate every chance to show up before counting.
    await new Promise((r) => setTimeout(r, 800));
    await kill(second);

    for (const email of emails) {
      expect(crm.requestsFor(email), email).toHaveLength(email === inFlight ? 2 : 1);
    }
    expect(crm.requests.every((r) => r.form.oid === "restart-test")).toBe(true);
  });
});
