/**
 * One visitor's booking, alone in a process (issue 42): the test starts several at once, each with its own
 * connection, for the same slot, and reads what each printed. Waits for the start signal (a line on stdin) so
 * every process has opened its database before any books.
 */
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { bookDemo } from "../../server/services/booking/bookings";
import { isServiceError } from "../../server/services/errors";
import { testConfig } from "../helpers/deps";

const db = await openDatabase(process.env.BOOKING_DB_URL ?? "");
const config = testConfig({ MAIL_DIR: process.env.MAIL_DIR ?? "", PUBLIC_URL: "https://wise-parrot.example.test" });
const deps = { config, db, log: createLogger("warn") };
process.stdout.write("ready\n");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));
const n = process.env.BOOKING_N ?? "0";
try {
  const result = await bookDemo(
    deps,
    { slot: process.env.BOOKING_SLOT, name: `Visitor ${n}`, email: `v${n}@example.com`, whatsapp: "+91 98765 43210", businessType: "Salon", note: "", timeZone: "Asia/Kolkata" },
    { clientIp: `10.1.0.${n}`, locale: "en" },
    Number(process.env.BOOKING_NOW),
  );
  process.stdout.write(`booked ${result.publicId}\n`);
} catch (error) {
  process.stdout.write(isServiceError(error) ? `refused ${error.kind} ${error.field ?? ""} ${error.message}\n` : `failed ${(error as Error).message}\n`);
} finally {
  await new Promise((r) => setTimeout(r, 300));
  await db.close();
  process.exit(0);
}
