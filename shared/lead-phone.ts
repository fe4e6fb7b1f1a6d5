/**
 * A lead's phone number as the studio's reply links need it. Visitors type it as they like ("98765 43210",
 * "098765 43210", "+91 98765 43210", "0091 …"). WhatsApp's wa.me needs the country code: without it a 10-digit Indian
 * mobile would be read as another country's number (98… is Iran's code). The site's business is in India, so a
 * number written without a country code (10 digits, or 11 with the trunk 0) is taken as Indian.
 */
export const HOME_CALLING_CODE = "91";

/** The digits of the number and whether they are known to start with the country code. */
function read(phone: string): { digits: string; international: boolean } {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, "");
  if (typed.startsWith("+")) return { digits, international: true };
  if (digits.startsWith("00")) return { digits: digits.slice(2), international: true };
  if (digits.length === 11 && digits.startsWith("0")) return { digits: HOME_CALLING_CODE + digits.slice(1), international: true };
  if (digits.length === 10) return { digits: HOME_CALLING_CODE + digits, international: true };
  return { digits, international: false };
}

/**
 * The reply links' targets: wa.me's digits (with the country code; a longer number typed without + is taken to carry
 * it already) and a tel: address (+ and the country code when known, else the digits as typed); null when too short.
 */
export function replyPhone(phone: string): { whatsapp: string | null; tel: string | null } {
  const { digits, international } = read(phone);
  return {
    whatsapp: digits.length >= 8 ? digits : null,
    tel: digits.length >= 3 ? `tel:${international ? "+" : ""}${digits}` : null,
  };
}
