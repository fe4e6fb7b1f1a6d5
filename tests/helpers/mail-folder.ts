import fs from "node:fs";
import path from "node:path";
import { parseMail } from "./smtp-server";

export type FolderMail = ReturnType<typeof parseMail>;

/**
 * Whether the message is addressed to `to` by its To header: never by a Reply-To, nor by a body quoting the address
 * (the team's new-account notice replies to the visitor and names them in its text).
 */
export function addressedTo(mail: FolderMail, to: string): boolean {
  const wanted = to.toLowerCase();
  return (mail.headers.get("to") ?? "")
    .toLowerCase()
    .split(",")
    .some((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim() === wanted);
}

/**
 * The newest e-mail to `to` the server wrote to its mail folder (no SMTP configured in the browser tests) that
 * `accept` takes; waits up to 10 s for one.
 */
export async function newestMailTo(mailDir: string, to: string, accept: (mail: FolderMail) => boolean = () => true): Promise<FolderMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")).sort().reverse() : [];
    for (const file of files) {
      const mail = parseMail(fs.readFileSync(path.join(mailDir, file), "utf8"));
      if (addressedTo(mail, to) && accept(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${mailDir}`);
}

/** The link to `pathname` (…?token=…) in the newest e-mail to `to` in the server's mail folder; waits up to 10 s. */
export async function mailedLink(mailDir: string, to: string, pathname: string): Promise<string> {
  const link = new RegExp(`https?://[^\\s]+${pathname}\\?token=[A-Za-z0-9_-]+`);
  const mail = await newestMailTo(mailDir, to, (m) => link.test(m.text)).catch(() => {
    throw new Error(`no ${pathname} mail for ${to} in ${mailDir}`);
  });
  return link.exec(mail.text)![0];
}
