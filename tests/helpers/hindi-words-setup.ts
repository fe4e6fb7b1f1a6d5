import { provideHindi } from "../../app/lib/hindi-words";

// As on the server (app/entry.server.tsx): every Hindi module is ready before a test renders a Hindi page.
for (const [file, words] of Object.entries(import.meta.glob("../../app/lib/hindi/*.ts", { eager: true }))) {
  provideHindi(file.replace(/^.*\//, "").replace(/\.ts$/, ""), words);
}
