/**
 * The offer to read an English page in Hindi (shown, in Hindi, to a browser that prefers Hindi, until dismissed or
 * followed). Hindi on English pages, the only Hindi their scripts carry besides the language's name (decision
 * 0036): it speaks to the visitor in the language they asked their browser for.
 */
export const LANGUAGE_OFFER = {
  text: "यह पेज हिन्दी में भी उपलब्ध है।",
  link: "हिन्दी में पढ़ें",
  dismiss: "हिन्दी का सुझाव बंद करें",
  label: "भाषा का सुझाव",
} as const;
