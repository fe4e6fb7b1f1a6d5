/**
 * A visitor's question as a public FAQ question (issue 46 item 6, "Answer this"): the group's wording is lower-cased
 * (how questions are counted together), so the FAQ editor is prefilled with it written properly: spaces collapsed,
 * the first letter capitalised, "i" as "I", the usual names and abbreviations in their own spelling, and one question
 * mark at the end (a statement keeps its full stop).
 */
const SPELLINGS: Record<string, string> = {
  i: "I",
  im: "I'm",
  "i'm": "I'm",
  "i've": "I've",
  "i'd": "I'd",
  "i'll": "I'll",
  upi: "UPI",
  gst: "GST",
  crm: "CRM",
  crms: "CRMs",
  ai: "AI",
  api: "API",
  sms: "SMS",
  emi: "EMI",
  faq: "FAQ",
  seo: "SEO",
  pdf: "PDF",
  roi: "ROI",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  facebook: "Facebook",
  google: "Google",
  youtube: "YouTube",
  india: "India",
  pune: "Pune",
  mumbai: "Mumbai",
  delhi: "Delhi",
  hindi: "Hindi",
  english: "English",
  android: "Android",
  iphone: "iPhone",
  ios: "iOS",
};

export function publicQuestion(raw: string): string {
  let text = raw.replace(/\s+/g, " ").trim();
  if (text === "") return "";
  text = text.replace(/[A-Za-z][A-Za-z']*/g, (word) => SPELLINGS[word.toLowerCase()] ?? word);
  // The first letter capitalised (a Devanagari question has none to capitalise).
  text = text.replace(/^[^\p{L}\p{N}]*\p{Ll}/u, (start) => start.toUpperCase());
  if (/[.!]$/.test(text) && !/[?\uFF1F]/.test(text)) return text;
  return `${text.replace(/[\s?\uFF1F!.,;:\u0964]+$/u, "")}?`;
}
