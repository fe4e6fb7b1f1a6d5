/**
 * The legal pages: privacy policy, terms of service and refund policy, with
 * every section and point the specification lists. Contact details are not
 * written here: the pages take them from the site configuration.
 */
import { PRODUCT } from "./site";

export type LegalSection = {
  /** Anchor of the section (table of contents links to #id). */
  id: string;
  heading: string;
  paragraphs?: readonly string[];
  points?: readonly string[];
  /** Paragraphs after the list. */
  closing?: readonly string[];
  /** Show the configured contact details (email, postal address, phone) in this section. */
  contact?: boolean;
};

export type LegalDocument = {
  path: "/privacy" | "/terms" | "/refund";
  title: string;
  description: string;
  intro: string;
  sections: readonly LegalSection[];
};

/** One date for all three documents, written out so server and browser render it the same. */
export const LEGAL_LAST_UPDATED = { iso: "2026-11-24", label: "24 November 2026" } as const;

export const LEGAL_UI = {
  lastUpdated: "Last updated:",
  tocHeading: "On this page",
  backToTop: "Back to top",
  contactHeading: "Contact information",
  emailLabel: "Email",
  phoneLabel: "Support phone",
  whatsappLabel: "WhatsApp",
  addressLabel: "Postal address",
} as const;

export const PRIVACY: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  description: `How ${PRODUCT} collects, uses, shares, stores and protects your personal information, and the choices you have.`,
  intro: `This Privacy Policy explains what information ${PRODUCT} ("we", "us") collects when you use this website and our services, why we collect it, and how you can control it.`,
  sections: [
    {
      id: "introduction",
      heading: "Introduction",
      paragraphs: [
        `${PRODUCT} provides an AI growth assistant for local businesses. We respect your privacy and handle personal information only as described here. By using the website or our services you agree to this policy. If you do not agree, please do not use them.`,
      ],
    },
    {
      id: "information-we-collect",
      heading: "Personal information we collect",
      paragraphs: ["We collect the information you give us and a small amount of technical information:"],
      points: [
        "Contact details you submit, such as your name, e-mail address, phone number and company.",
        "Account details when you sign up: your name, e-mail address, company, industry and a securely hashed password.",
        "Messages you send us through the contact form, the help assistant or WhatsApp.",
        "Newsletter subscriptions: your e-mail address and whether you confirmed it.",
        "Technical information such as your browser type, pages visited and the time of your visit, used to keep the service secure and working, and anonymous visit statistics (see Analytics below).",
      ],
    },
    {
      id: "limited-use",
      heading: "Limited use disclosure for Google Workspace APIs",
      paragraphs: [
        `Where you connect a Google account or Google Workspace service to ${PRODUCT}, our use and transfer of information received from Google APIs adheres to the Google API Services User Data Policy, including the Limited Use requirements. We use such data only to provide and improve the features you asked for, never for advertising, and we do not let people read it unless you agree, it is needed for security, or the law requires it.`,
      ],
    },
    {
      id: "third-parties",
      heading: "Third parties",
      paragraphs: [
        "Some services we rely on, such as messaging platforms, e-mail delivery, payment and booking pages and hosting providers, process information on our behalf. They receive only what they need to perform their service and must protect it. Their own privacy policies apply to what you share with them directly.",
      ],
    },
    {
      id: "use",
      heading: "How we use your information",
      points: [
        "To provide, operate and improve our website and services.",
        "To answer your enquiries and arrange demos and support.",
        "To send the newsletter you subscribed to, which you can leave at any time.",
        "To keep accounts secure, prevent abuse and meet legal obligations.",
      ],
    },
    {
      id: "sharing",
      heading: "Sharing",
      paragraphs: [
        "We do not sell your personal information. We share it only with the service providers and partners described in this policy, when you ask us to, or when the law requires it.",
      ],
    },
    {
      id: "storage",
      heading: "Storage",
      paragraphs: [
        "Your information is stored on secure servers and kept only as long as needed for the purposes above or as the law requires. Passwords are never stored in readable form.",
      ],
    },
    {
      id: "choices",
      heading: "Your choices",
      paragraphs: [
        "You can choose not to give us certain information, unsubscribe from e-mails with the link in every message, and ask us what information we hold about you.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      paragraphs: [
        "We use a small number of essential cookies and browser storage, for example to keep you signed in and to remember that you have seen the welcome screen. For your security, you are logged out automatically when your session has been idle for a while. We do not use advertising cookies, and no cookie or browser storage is used for analytics.",
      ],
    },
    {
      id: "analytics",
      heading: "Analytics",
      paragraphs: [
        "We count visits ourselves, on our own server, to learn which pages are read, where visitors come from and which lead to a demo booking, a WhatsApp chat or a contact request. No third-party analytics service or script is used, and no cookie is set for it.",
        "For each page view we keep the page's address without its query, the domain of the site that linked to it (not the full address), campaign tags (utm_source, utm_medium, utm_campaign) if the link had them, the kind of device (mobile, tablet or desktop) and the browser's name. We do not keep your IP address or your full browser identification.",
        "To count unique visitors without cookies, a visitor number is made from a random value that changes every day, your IP address, your browser identification and our site name. The random value is deleted when its day is over, so the number cannot be traced back to you or linked to your visits on other days.",
        "If your browser sends Do Not Track (DNT) or Global Privacy Control (GPC), we record nothing about your visit. Detailed records are kept for 90 days; after that only daily totals remain.",
      ],
    },
    {
      id: "login-information",
      heading: "Login information",
      paragraphs: [
        "When you sign in, with a password or with a Google or Microsoft account, we receive only the details needed to identify you, such as your name and verified e-mail address. Keep your password confidential; we will never ask you for it.",
      ],
    },
    {
      id: "partners",
      heading: "Partners",
      paragraphs: [
        "We may work with partners, such as advertising platforms used for campaigns you order, who process information under their own policies. We share with them only what the service you requested needs.",
      ],
    },
    {
      id: "security",
      heading: "Security",
      paragraphs: [
        "We protect your information with encryption in transit, hashed passwords, access controls and regular updates. No method of transmission or storage is completely secure, but we work hard to keep your information safe.",
      ],
    },
    {
      id: "corrections",
      heading: "Correcting your information",
      paragraphs: [
        "If any information we hold about you is wrong or out of date, update it in your account or contact us and we will correct it promptly.",
      ],
    },
    {
      id: "deletion",
      heading: "Deleting your information",
      paragraphs: [
        `You can ask us to delete your personal information at any time by contacting ${PRODUCT} using the details below. We will delete it unless the law requires us to keep some of it.`,
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "We may update this policy from time to time. The new version is published on this page with its date; please check it now and then.",
      ],
    },
    {
      id: "links",
      heading: "Links to other websites",
      paragraphs: [
        "Our website links to other sites, such as WhatsApp, social networks and the booking page. We are not responsible for their content or privacy practices; please read their policies.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: ["Questions about this policy or your information? Reach us here:"],
      contact: true,
    },
  ],
};

export const TERMS: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  description: `The terms that apply when you use the ${PRODUCT} website and services: registration, acceptable use, liability and termination.`,
  intro: `Please read these Terms of Service carefully before using the ${PRODUCT} website and services.`,
  sections: [
    {
      id: "agreement",
      heading: "Agreement",
      paragraphs: [
        `By accessing or using this website you agree to be bound by these terms. If you do not agree with any part of them, do not use the website. The website is not directed to children: persons under the age covered by the Children's Online Privacy Protection Act (COPPA) may not access it.`,
      ],
    },
    {
      id: "parties",
      heading: "Parties",
      paragraphs: [
        `These terms are an agreement between you, the user of the website, and ${PRODUCT}, the owner and operator of the website and its services.`,
      ],
    },
    {
      id: "hyperlinking",
      heading: "Hyperlinking and framing prohibited",
      paragraphs: [
        "You may not link to, frame or mirror any part of this website, or use its content on another site, without our prior written permission.",
      ],
    },
    {
      id: "disclaimer",
      heading: "Disclaimer of contents",
      paragraphs: [
        "The website and its content are provided as is, for general information. We do our best to keep it accurate and current, but we make no warranty that it is complete, error-free or suitable for a particular purpose.",
      ],
    },
    {
      id: "liability",
      heading: "Limitation of liability",
      paragraphs: [
        `To the fullest extent the law allows, ${PRODUCT} is not liable for any indirect, incidental or consequential loss arising from your use of the website or services. Our total liability for any claim is capped at the amount you paid us.`,
      ],
    },
    {
      id: "indemnification",
      heading: "Indemnification",
      paragraphs: [
        `You agree to indemnify and hold ${PRODUCT} harmless from any claim, loss or expense arising from your breach of these terms or your misuse of the website.`,
      ],
    },
    {
      id: "submissions",
      heading: "Submissions",
      paragraphs: [
        `Any ideas, suggestions, feedback or other material you submit to the website become the property of ${PRODUCT}, which may use them without restriction or compensation.`,
      ],
    },
    {
      id: "registration",
      heading: "User registration",
      paragraphs: ["When you create an account:"],
      points: [
        "You must not be a minor.",
        "You must keep your password confidential and are responsible for all activity under your account.",
        "You must give true, accurate, current and complete registration information, and keep it up to date.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property rights",
      paragraphs: [
        `All content of this website, including text, graphics, logos and software, belongs to ${PRODUCT} or its licensors and is protected by intellectual property laws. You may not copy, modify or distribute it without permission.`,
      ],
    },
    {
      id: "site-management",
      heading: "Site management",
      paragraphs: ["We may monitor the website for breaches of these terms and take appropriate action. In particular:"],
      points: [
        "You must not use bots, scripts or other automated means to access, scrape or interact with the website.",
        "We may restrict, refuse or remove any content or access that we judge harmful to the website or its users.",
      ],
    },
    {
      id: "termination",
      heading: "Term and termination",
      paragraphs: [
        "These terms apply for as long as you use the website. We may suspend or terminate your account or access at any time, without notice, if we believe you have breached these terms.",
      ],
    },
    {
      id: "notice",
      heading: "Notice",
      paragraphs: [
        "Notices to you may be given by e-mail to the address on your account or by posting them on the website. Notices to us must be sent to the contact details below.",
      ],
    },
    {
      id: "contact",
      heading: "Contact information",
      paragraphs: ["For any question about these terms, contact us:"],
      contact: true,
    },
  ],
};

export const REFUND: LegalDocument = {
  path: "/refund",
  title: "Refund Policy",
  description: `When ${PRODUCT} refunds a purchase, when it does not, and how to ask for a refund within 30 days.`,
  intro: `We want you to be happy with ${PRODUCT}. This policy explains when a refund is owed and how to request one.`,
  sections: [
    {
      id: "eligible",
      heading: "When you are entitled to a refund",
      paragraphs: ["We will refund your purchase when:"],
      points: [
        "The application is not as described.",
        "The application does not work as it should and the problem cannot easily be fixed. If it can be fixed, we fix it with an update instead.",
        "A security vulnerability is not patched within an appropriate time.",
        "Support was promised but not provided. In that case we refund the support purchase.",
      ],
    },
    {
      id: "not-eligible",
      heading: "When a refund is not given",
      paragraphs: ["We do not give refunds when:"],
      points: [
        "You no longer want the application or service.",
        "It did not meet your expectations.",
        "You are dissatisfied with its current features.",
        "You changed your mind.",
        "You bought it by mistake.",
        "You lack the expertise to use it.",
        "You ask for a refund as goodwill.",
        "The problem originates from the organisation that provides the API the service relies on.",
      ],
    },
    {
      id: "force-refund",
      heading: "Force refund",
      paragraphs: [
        `${PRODUCT} may issue a refund without any request from you. Access to the application and to support then stops at once, by denying the purchase code.`,
      ],
    },
    {
      id: "refund-request",
      heading: "Refund request",
      paragraphs: [
        "To ask for a refund, open a support ticket by e-mail, phone or post using the details below. Include your purchase details and the reason for the request.",
      ],
      contact: true,
    },
    {
      id: "time-limit",
      heading: "Time limit",
      paragraphs: ["Refunds are not available after 30 days from the purchase of a service."],
    },
  ],
};

export const LEGAL_DOCUMENTS = [PRIVACY, TERMS, REFUND] as const;
