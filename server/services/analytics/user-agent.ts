import type { DeviceClass } from "../../../shared/content/analytics";

/**
 * The device class, browser family and operating system family of a user agent, and nothing else of it (the full
 * string is never stored, nor any version). A small parser on purpose: these facts need a few dozen patterns, not a
 * database of every agent.
 */
export function parseUserAgent(ua: string): { device: DeviceClass; browser: string; os: string } {
  return { device: deviceClass(ua), browser: browserFamily(ua), os: osFamily(ua) };
}

/**
 * Order matters: iPhone and iPad agents also say "Mac OS X", Android ones say "Linux", Chrome OS says "Linux" too.
 * An iPad asking for the desktop site sends a Mac's agent and is counted as macOS (nothing else tells them apart).
 */
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod|\bCPU OS \d/, "iOS"],
  [/Windows Phone/, "Windows Phone"],
  [/Android/, "Android"],
  [/\bCrOS\b/, "Chrome OS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "macOS"],
  [/HarmonyOS/, "HarmonyOS"],
  [/KaiOS/, "KaiOS"],
  [/Linux|X11|Ubuntu|Fedora/, "Linux"],
];

function osFamily(ua: string): string {
  for (const [pattern, name] of SYSTEMS) if (pattern.test(ua)) return name;
  return "Other";
}

function deviceClass(ua: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b|SM-T\d|\bTab\b/i.test(ua)) return "tablet";
  // Android phones say "Mobile"; Android without it is a tablet.
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? "mobile" : "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return "mobile";
  return "desktop";
}

/** Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari. */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b|OPiOS/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex"],
  [/\bUCBrowser\//, "UC Browser"],
  [/\bVivaldi\//, "Vivaldi"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\/|AppleWebKit\/.*Mobile\//, "Safari"],
  [/MSIE |Trident\//, "Internet Explorer"],
];

function browserFamily(ua: string): string {
  for (const [pattern, name] of BROWSERS) if (pattern.test(ua)) return name;
  return "Other";
}
