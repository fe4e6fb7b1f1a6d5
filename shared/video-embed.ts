/**
 * Whether the home page can embed a video address in its frame (decision 0045). YouTube's and Vimeo's own pages
 * (a watch page, a youtu.be or vimeo.com link) refuse to be framed, so for those hosts only their player addresses
 * are taken, and the problem names the player address to use instead. Any other https address is taken: its host
 * must allow embedding, which only the owner can know. An http player would be blocked on the https site.
 */
export const VIDEO_HOSTS_MESSAGE =
  "must be a player address the page can embed: YouTube (https://www.youtube.com/embed/…), youtube-nocookie (https://www.youtube-nocookie.com/embed/…), Vimeo (https://player.vimeo.com/video/…), or any https address whose host allows embedding";

const YOUTUBE = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const YOUTUBE_NOCOOKIE = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO = new Set(["vimeo.com", "www.vimeo.com"]);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,64}$/;

/** The problem with an address as a frame's source (to follow the field's label), or null when the page can embed it. */
export function videoEmbedProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return VIDEO_HOSTS_MESSAGE;
  }
  if (url.protocol !== "https:") return `must start with https:// (a browser blocks an http player on the site's https pages); it ${VIDEO_HOSTS_MESSAGE}`;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  if (YOUTUBE.has(host) || YOUTUBE_NOCOOKIE.has(host)) {
    if (parts[0] === "embed" && parts.length >= 2) return null;
    const id = host.startsWith("youtube-nocookie") ? undefined : youtubeId(url, parts);
    return id ? `is YouTube's page, which cannot be embedded: use its player, https://www.youtube.com/embed/${id}` : VIDEO_HOSTS_MESSAGE;
  }
  if (host === "youtu.be") {
    const id = parts[0];
    return id && VIDEO_ID.test(id) ? `is a YouTube share link, which cannot be embedded: use its player, https://www.youtube.com/embed/${id}` : VIDEO_HOSTS_MESSAGE;
  }
  if (host === "player.vimeo.com") return parts[0] === "video" && parts.length >= 2 ? null : VIDEO_HOSTS_MESSAGE;
  if (VIMEO.has(host)) {
    const id = parts.find((p) => /^\d{3,20}$/.test(p));
    return id ? `is Vimeo's page, which cannot be embedded: use its player, https://player.vimeo.com/video/${id}` : VIDEO_HOSTS_MESSAGE;
  }
  return null;
}

function youtubeId(url: URL, parts: string[]): string | undefined {
  const fromQuery = url.searchParams.get("v");
  if (parts[0] === "watch" && fromQuery && VIDEO_ID.test(fromQuery)) return fromQuery;
  if ((parts[0] === "shorts" || parts[0] === "live" || parts[0] === "v") && parts[1] && VIDEO_ID.test(parts[1])) return parts[1];
  return undefined;
}
