/**
 * What the named customers said, in Hindi, once (issue 44): a testimonial is a quotation, so the home page and the
 * assistant's kit replies quote the same words.
 */
export const QUOTES_HI = {
  /** Rohan Deshmukh */
  rohan: "पहले हमारा WhatsApp अनसुनी पूछताछ का ढेर था। अब हर ख़रीदार को सेकंडों में जवाब मिलता है और हमारे सोते-सोते साइट विज़िट बुक हो जाती हैं।",
  /** Dr. Meera Kulkarni */
  meera: "मरीज़ ख़ुद अपॉइंटमेंट बुक करते हैं और समय बदलते हैं, और रिमाइंडर की वजह से न आने वाले मरीज़ बहुत कम हो गए हैं। मेरी रिसेप्शनिस्ट को आख़िरकार थोड़ी राहत मिली है।",
  /** Aditya Sharma */
  aditya: "हम इसे क्लाइंट के हर कैंपेन से जोड़ते हैं। लीड परखी हुई और लेबल के साथ आती हैं, और क्लाइंट रिन्यू करते हैं क्योंकि उन्हें असली बुकिंग दिखती है।",
} as const;
