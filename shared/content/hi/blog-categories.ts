/** The spec's six categories in Hindi: the default Hindi names of the default list (the owner may change them). */
export const DEFAULT_CATEGORY_NAMES_HI: Readonly<Record<string, string>> = {
  "Growth Strategy": "ग्रोथ रणनीति",
  "Case Study": "केस स्टडी",
  Healthcare: "हेल्थकेयर",
  "Real Estate": "रियल एस्टेट",
  Technology: "टेक्नोलॉजी",
  "Tips & Tricks": "टिप्स और ट्रिक्स",
};
