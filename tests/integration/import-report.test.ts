import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE_LIMITS } from "../../shared/content/audience-tools";
import { importReportCsv, importSubscribers } from "../../server/services/newsletter/import";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const OWNER = { userId: null, label: "owner@example.test", clientIp: "192.0.2.1" };

describe.each(testDatabaseKinds())("the import report's CSV on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("lists every row not imported, in file order, with the reason in words and as a code, formulas neutralised", async () => {
    const at = Date.now();
    await t.db.kysely
      .insertInto("subscribers")
      .values({ email: "left@example.com", email_normalized: "left@example.com", status: "unsubscribed", created_at: at, updated_at: at, confirmed_at: at, unsubscribed_at: at })
      .execute();
    const csv = ["email,name", "ok@example.com,Ok", "=HYPERLINK(\"http://evil.example\"),x", "left@example.com,Left", "ok@example.com,Again", "@SUM(A1),y", "fine@example.com,Fine"].join("\n");
    const report = await importSubscribers(deps, csv, { consent: "Signed up at the clinic's desk" }, OWNER);
    expect(report.added).toBe(2);
    const lines = importReportCsv(report).split("\r\n");
    expect(lines).toEqual([
      "row,email,outcome,reason,reason_code,labels_left_out",
      `3,"'=HYPERLINK(""http://evil.example"")",not added,Not a valid e-mail address,invalid,`,
      "4,left@example.com,not added,Unsubscribed: not added back,unsubscribed,",
      "5,ok@example.com,not added,Repeated in the file,duplicateInFile,",
      "6,'@SUM(A1),not added,Not a valid e-mail address,invalid,",
      "",
    ]);
  });

  it("holds every row left out, also past the rows the page lists", async () => {
    const count = AUDIENCE_LIMITS.reportRows + 150;
    const csv = ["email", ...Array.from({ length: count }, (_, i) => `not-an-address-${i}`), `many.${kind}@example.com`].join("\n");
    const report = await importSubscribers(deps, csv, { consent: "Asked in person" }, OWNER);
    expect(report.problems).toHaveLength(AUDIENCE_LIMITS.reportRows);
    expect(report.moreProblems).toBe(150);
    const lines = importReportCsv(report).trimEnd().split("\r\n");
    expect(lines).toHaveLength(count + 1);
    expect(lines.at(-1)).toBe(`${count + 1},not-an-address-${count - 1},not added,Not a valid e-mail address,invalid,`);
  });

  it("is only the header for an import with nothing left out", async () => {
    const report = await importSubscribers(deps, `email\nclean.${kind}@example.com\n`, { consent: "Asked in person" }, OWNER);
    expect(importReportCsv(report)).toBe("row,email,outcome,reason,reason_code,labels_left_out\r\n");
  });
});
