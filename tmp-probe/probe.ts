import fs from "node:fs";
import { createTestDatabase } from "../tests/helpers/databases";
import { testConfig } from "../tests/helpers/deps";
import { seedSampleBlogs } from "../server/services/blog/posts";
import { answerChat } from "../server/services/chat/service";
import { createLogger } from "../server/logger";
const convs: string[][] = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8"));
const t = await createTestDatabase("sqlite");
const deps = { db: t.db, config: testConfig(), log: createLogger("error") };
await seedSampleBlogs(deps as never);
let ip = 1;
for (const conv of convs) {
  let id: string | undefined;
  ip++;
  for (const m of conv) {
    const loc = m.startsWith("HI:") ? "hi" : "en";
    const msg = m.replace(/^HI:/, "");
    const r = await answerChat(deps as never, { message: msg, clientIp: `192.0.2.${ip % 250}`, locale: loc, page: loc === "hi" ? "/hi/ai-help" : "/ai-help", ...(id ? { conversationId: id } : {}) });
    id = r.conversationId;
    console.log(`Q: ${msg}\n  ${r.handover ? "[HANDOVER] " : ""}${r.reply.replace(/https:\/\/wa\.me\/\S+/g, "WA").replace(/\n+/g, " | ").slice(0, Number(process.env.CUT ?? 330))}`);
  }
  console.log("---");
}
await t.drop();
