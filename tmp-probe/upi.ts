import { createTestDatabase } from "../tests/helpers/databases";
import { testDeps } from "../tests/helpers/deps";
import { seedSampleBlogs } from "../server/services/blog/posts";
import { answerLocally } from "../server/services/chat/answer";
import { FAQ_DOC } from "../shared/copy/faq";
import { COPY_PREFIX } from "../server/services/content/copy";
import { saveContent } from "../server/services/content/store";
import { COMMAND_LINE } from "../server/services/audit";
const t = await createTestDatabase("sqlite");
const deps = testDeps(t.db, { WHATSAPP_NUMBER: "919812345678" });
await seedSampleBlogs(deps as never);
const defaults = FAQ_DOC.defaults("en");
const entry = { question: process.env.Q ?? "can i pay with upi", answer: process.env.A ?? "Yes. We take UPI, debit and credit cards and bank transfers.", also: "" };
await saveContent(deps as never, [{ key: `${COPY_PREFIX}faq`, locale: "en", value: { ...defaults, entries: [...defaults.entries, entry] } }], { ...COMMAND_LINE } as never, { action: "copy.publish", recordId: "faq", detail: "x" });
for (const q of process.argv.slice(2)) {
  const a = await answerLocally(deps as never, q, undefined, { page: /[\u0900-\u097f]/.test(q) ? "/hi/ai-help" : "/ai-help" });
  console.log(`${a.topics.some((x) => x.startsWith(process.env.REF ?? "faq:can-i")) ? "OK  " : "MISS"} ${q} → ${a.topics.join(",")} ${a.handover ? "[HO]" : ""} ${a.reply.slice(0, 90).replace(/\n/g, " ")}`);
}
await t.drop();
