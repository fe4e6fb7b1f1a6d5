/**
 * A server process's newsletter delivery loop, alone in a process, for the tests that run two at once or kill one
 * mid-send (SIGKILL, no clean-up). Settings come from the environment the test passes.
 */
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { newsletterDeliveryWorker } from "../../server/services/newsletter/delivery";
import { testConfig } from "../helpers/deps";

const db = await openDatabase(process.env.NEWSLETTER_DB_URL ?? "");
const config = testConfig({ SMTP_URL: process.env.SMTP_URL ?? "", PUBLIC_URL: "https://wise-parrot.example.test", MAIL_SEND_RATE_PER_MINUTE: "0" });
newsletterDeliveryWorker({ config, db, log: createLogger("warn") });
// The loop's timer is unref'd (it must not keep a stopping server alive); a server keeps its process alive by
// listening, and this stands in for that until the test ends or kills the process.
setInterval(() => {}, 60_000);
process.stdout.write("worker ready\n");
