/**
 * A lead-delivery worker in its own process, for the restart test: the test
 * kills it (SIGKILL, no clean-up) with leads pending and starts another one.
 * Settings come from the environment the test passes.
 */
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { startLeadDelivery } from "../../server/services/leads/delivery";
import { testConfig } from "../helpers/deps";

const db = await openDatabase(process.env.LEADS_DB_URL ?? "");
const config = testConfig({ CRM_WEB_TO_LEAD_URL: process.env.CRM_URL ?? "", CRM_HIDDEN_FIELDS: "oid=restart-test" });
startLeadDelivery({ config, db, log: createLogger("info") }, JSON.parse(process.env.LEAD_DELIVERY_OPTIONS ?? "{}"));
// The worker's poll timer is unref'd (it must not keep a stopping server alive) and better-sqlite3 holds no
// handle, so in this bare process nothing else would keep it running once the queue is empty: the server
// keeps its process alive by listening. This stands in for that until the test kills the process.
setInterval(() => {}, 60_000);
process.stdout.write("worker ready\n");
