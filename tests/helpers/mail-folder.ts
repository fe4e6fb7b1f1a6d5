import fs from "node:fs";
import path from "node:path";
import { parseMail } from "./smtp-server";

/**
 * The link to `pathname` (…?token=…) in the newest e-mail to `to` that the server wrote to its mail folder
 * (no SMTP configured in the browser tests); waits up to 10 s for it.
 */
export async function mailedLink(mailDir: string, to: string, pathname: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(mailDir, file), "utf8");
      if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const match = new RegExp(`https?://[^\\s]+${pathname}\\?token=[A-Za-z0-9_-]+`).exec(parseMail(raw).text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${pathname} mail for ${to} in ${mailDir}`);
}
