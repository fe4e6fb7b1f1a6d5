import { createTestDatabase } from "../tests/helpers/databases";
import { seedSampleBlogs } from "../server/services/blog/posts";
import { searchKnowledge } from "../server/services/chat/knowledge";
import { matchRule } from "../server/services/chat/engine";
import { normalizeQuestion } from "../server/services/chat/text";
const t = await createTestDatabase("sqlite");
const deps = { db: t.db };
await seedSampleBlogs(deps as never);
for (const q of process.argv.slice(2)) {
  console.log(q, "| norm:", normalizeQuestion(q).text, "| rule:", matchRule(q)?.id);
  for (const h of (await searchKnowledge(deps as never, q)).slice(0, 5)) console.log(`  ${h.ref} cov=${h.coverage.toFixed(2)} phrase=${h.phrase} unk=${h.unknown} rank=${h.rank.toFixed(2)} matched=${h.matched} :: ${h.heading}`);
}
await t.drop();
