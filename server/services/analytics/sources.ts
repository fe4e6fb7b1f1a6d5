import type { SourceGroup } from "../../../shared/content/analytics";

/**
 * Sources grouped as Plausible and Umami group them: the many host names of one network (m.instagram.com,
 * l.instagram.com, instagram.com; m./l./lm.facebook.com and fb.me; google.com, google.co.in, google.de...; wa.me,
 * api. and web.whatsapp.com) and the usual utm_source spellings of it ("ig", "fb") are one source. A source that is
 * none of them stays as it was (a domain or a campaign's source).
 */
const NETWORKS: Array<{ group: SourceGroup; hosts: RegExp; tokens: readonly string[] }> = [
  { group: "instagram", hosts: /(^|\.)instagram\.com$|^instagr\.am$/, tokens: ["instagram", "ig"] },
  { group: "facebook", hosts: /(^|\.)facebook\.com$|^fb\.(me|com|watch)$|(^|\.)fbcdn\.net$/, tokens: ["facebook", "fb"] },
  // google.<tld> and google.<second level>.<country>: google.com, google.de, google.co.in, google.com.br.
  { group: "google", hosts: /(^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/, tokens: ["google"] },
  { group: "whatsapp", hosts: /(^|\.)whatsapp\.(com|net)$|^wa\.me$/, tokens: ["whatsapp", "wa"] },
  { group: "linkedin", hosts: /(^|\.)linkedin\.com$|^lnkd\.in$/, tokens: ["linkedin"] },
  { group: "youtube", hosts: /(^|\.)youtube\.com$|^youtu\.be$/, tokens: ["youtube", "yt"] },
  { group: "x", hosts: /(^|\.)(twitter|x)\.com$|^t\.co$/, tokens: ["twitter", "x"] },
];

/** The group of a stored source (a referrer's domain or a utm_source), or the source itself when it belongs to none. */
export function groupSource(source: string): string {
  if (!source) return source;
  for (const n of NETWORKS) {
    if (n.tokens.includes(source) || n.hosts.test(source)) return n.group;
  }
  return source;
}
