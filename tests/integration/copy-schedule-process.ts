/**
 * A server process's look for scheduled page copy, alone in a process, for the test that runs two at once
 * (copy-schedule-processes.test.ts): it waits for the start time the test gives both, then looks three times and
 * prints what it published.
 */
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { publishDueCopy } from "../../server/services/content/copy-schedule";
import { testConfig } from "../helpers/deps";

const db = await openDatabase(process.env.COPY_DB_URL ?? "");
const deps = { config: testConfig({}), db, log: createLogger("warn") };
const dueAt = Number(process.env.COPY_DUE_AT);
const startAt = Number(process.env.COPY_START_AT);
process.stdout.write("worker ready\n");
while (Date.now() < startAt) await new Promise((r) => setTimeout(r, 2));
const published: string[] = [];
for (let i = 0; i < 3; i++) published.push(...(await publishDueCopy(deps, dueAt)).published);
process.stdout.write(`${JSON.stringify({ published })}\n`);
await db.close();
