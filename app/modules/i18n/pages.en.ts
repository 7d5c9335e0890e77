import type { Catalog } from "./catalog";

/** Public pages: the `pages` namespace of the English catalog. */
export const pagesEn: Catalog["pages"] = {
  meta: {
    about: {
      title: "About — Vitrine",
      description:
        "Our mission: let creators live from their work and help brands find content under clear licences.",
    },
    licenses: {
      title: "Licences — Vitrine",
      description: "Standard, extended or exclusive: what each licence allows, and its price.",
    },
    terms: {
      title: "Terms of use — Vitrine",
      description: "The rules for using the Vitrine marketplace, for buyers and sellers.",
    },
    cookiePolicy: {
      title: "Cookie policy — Vitrine",
      description: "The cookies Vitrine sets, why, and how to change your choice.",
    },
    privacyPolicy: {
      title: "Privacy policy — Vitrine",
      description: "The data Vitrine processes, why, for how long, and your rights.",
    },
    licenseAgreement: {
      title: "Licence agreement — Vitrine",
      description: "The agreement that comes with every item bought on Vitrine.",
    },
    support: {
      title: "Help centre — Vitrine",
      description: "Frequently asked questions and the Vitrine team's contact form.",
    },
    contact: {
      title: "Contact — Vitrine",
      description: "Write to the Vitrine team: support, billing, partnerships, legal.",
    },
    enterprise: {
      title: "Vitrine Enterprise",
      description: "Multi-user licences, centralised billing and dedicated support.",
    },
    press: {
      title: "Press — Vitrine",
      description: "Press contacts, key figures and brand assets of Vitrine.",
    },
    partnerships: {
      title: "Partnerships — Vitrine",
      description: "Agencies, schools, platforms: let's build something together.",
    },
    sales: {
      title: "Sales team — Vitrine",
      description: "A quote for an exclusive licence, a volume deal or a special need.",
    },
    feedback: {
      title: "Your feedback — Vitrine",
      description: "Tell us what you like and what should change on Vitrine.",
    },
    adminMessages: {
      title: "Messages received — Vitrine administration",
      description: "Messages sent through the contact and feedback forms.",
    },
  },
  legalCommon: {
    lastUpdate: "Last updated: {{date}}",
    questions: "A question about this text? Write to our legal team:",
    otherTexts: "Other texts",
  },
  about: {
    title: "About Vitrine",
    intro:
      "Vitrine is a French marketplace for licensed creative content: photos, videos, music, illustrations, vectors and ebooks, sold directly by the people who make them.",
    missionTitle: "Our mission",
    mission:
      "Let creators live from their work, with a clear commission and fast payouts, and give buyers checked content under a licence they understand.",
    visionTitle: "Our vision",
    vision:
      "Creative work paid at its fair value: every item is sold with its author's consent, a written licence and a price known in advance.",
    creatorsTitle: "The creators we welcome",
    creators: {
      photo: "Photographers",
      video: "Videographers and editors",
      audio: "Musicians and sound designers",
      illustration: "Illustrators and graphic designers",
      ebook: "Ebook authors and publishers",
    },
    serveTitle: "Who we serve",
    serve: {
      brands: "Brands and agencies that need visuals ready to publish",
      media: "Media and publishers, to illustrate their articles and videos",
      smb: "Freelancers and small businesses, for their websites and social accounts",
      education: "Schools and non-profits, for their teaching material",
    },
    ctaTitle: "Join us",
    ctaPricing: "See packs and subscriptions",
    ctaSeller: "Become a seller",
    ctaContact: "Contact us",
  },
  licenses: {
    title: "Our licences",
    intro:
      "Every item is bought with a licence. The licence surcharge is added to the item's price; 20% VAT is added to the cart. The prices below are the ones the cart charges.",
    surcharge: "+{{price}}",
    surchargeLabel: "Licence surcharge",
    popular: "Most popular",
    perpetual: "All our licences are perpetual and valid worldwide.",
    agreementLink: "Read the licence agreement",
    questionsLink: "A question? Contact us",
    features: {
      standard: {
        f1: "Up to 500,000 views or prints",
        f2: "Websites, social media, presentations, digital advertising",
        f3: "One user",
      },
      extended: {
        f1: "Unlimited views and prints",
        f2: "Merchandise: up to 10,000 items",
        f3: "Resale as part of a product (templates, printed goods)",
      },
      exclusive: {
        f1: "Every use of the extended licence",
        f2: "The item is taken off sale after your purchase",
        f3: "Earlier buyers keep their licence",
      },
    },
  },
  legal: {
    terms: {
      title: "Terms of use",
      intro:
        "These terms govern the use of Vitrine by visitors, buyers and sellers. By creating an account, you accept them.",
      s1: {
        title: "1. The service",
        body: "Vitrine connects creators who sell digital content (photos, videos, audio, illustrations, vectors, ebooks) with buyers who license it. Vitrine collects payments on the sellers' behalf and keeps a commission.",
      },
      s2: {
        title: "2. Accounts",
        body: "You must give accurate information and keep your password secret. A seller account lets you publish content; a buyer account lets you buy and download.",
      },
      s3: {
        title: "3. Publishing and review",
        body: "Every published item is reviewed by our team before it goes on sale. Review takes 48 to 72 working hours. A rejected item can be corrected and submitted again. The seller warrants holding every right to what they publish, including releases from the people and places shown.",
      },
      s4: {
        title: "4. Prices and payment",
        body: "Prices are shown in euros. A line's price is the item's price plus the chosen licence's surcharge; 20% VAT is added to the total. The amount charged is the one shown when you pay.",
      },
      s5: {
        title: "5. Refunds",
        body: "As digital content is delivered at once, a purchase is refunded only for a technical defect that prevents the download, reported within 30 days of the purchase.",
      },
      s6: {
        title: "6. Liability",
        body: "Vitrine's liability, for all damages together, is capped at the amount of the transactions you made on Vitrine over the last 12 months.",
      },
      s7: {
        title: "7. Suspension and governing law",
        body: "We may suspend an account that breaches these terms or the law. These terms are governed by French law; failing an amicable settlement, the courts of Paris have jurisdiction.",
      },
    },
    privacyPolicy: {
      title: "Privacy policy",
      intro:
        "This policy describes the personal data Vitrine processes, why, how long we keep it, and how to exercise your rights (GDPR).",
      s1: {
        title: "1. Data we process",
        body: "Account (name, e-mail, country, language, role), published content and its files, purchases and payments (card numbers stay with the payment provider), messages sent to support, and, only if you agree, audience measurement.",
      },
      s2: {
        title: "2. Purposes",
        body: "Running your account, selling and delivering content, paying sellers, answering your messages, preventing fraud and meeting our accounting obligations.",
      },
      s3: {
        title: "3. Retention periods",
        body: "Accounts: 3 years after the last activity. Transactions: 10 years (accounting obligation). Support messages: 3 years. Audience measurement: 2 years.",
      },
      s4: {
        title: "4. Recipients",
        body: "Our technical providers (hosting, e-mail delivery, payment), bound by contract to confidentiality. The seller of an item you buy does not receive your contact details.",
      },
      s5: {
        title: "5. Your rights",
        body: "You may access, correct, erase or export your data, or object to its processing, by writing to our legal team. You may also complain to the CNIL.",
      },
    },
    cookiePolicy: {
      title: "Cookie policy",
      intro: "Vitrine only sets the cookies the service needs, unless you accept more.",
      s1: {
        title: "1. Essential cookies (always on)",
        body: "Sign-in session (better-auth.session_token, 7 days), information messages after an action (vitrine_flash, 1 minute) and your cookie choice (vitrine_cookie_consent, 6 months). The site cannot work without them; none is used for tracking.",
      },
      s2: {
        title: "2. Audience measurement cookies (with your consent)",
        body: "Only if you click “Accept all”: anonymised visit statistics, kept 2 years at most, to improve the site. Vitrine sets none today; your consent will only ever cover a measurement described here. No advertising cookie is ever set.",
      },
      s3: {
        title: "3. Changing your mind",
        body: "You can change your choice at any time below; the notice will also ask again after 6 months.",
      },
      currentChoice: "Your current choice: {{choice}}",
      choices: {
        none: "no choice recorded",
        essential: "essential cookies only",
        all: "all cookies accepted",
      },
      reset: "Change my choice",
    },
    licenseAgreement: {
      title: "Licence agreement",
      intro:
        "This agreement binds the buyer (the licensee) and the item's creator (the licensor), represented by Vitrine. It applies to every purchase.",
      s1: {
        title: "1. Rights granted",
        body: "A purchase grants a non-exclusive (exclusive for the exclusive licence), worldwide and perpetual right to use the item, within the limits of the chosen licence. The creator remains the author and copyright owner.",
      },
      s2: {
        title: "2. Standard licence",
        body: "Commercial and editorial uses up to 500,000 views or prints, by a single user. Merchandise for sale is excluded.",
      },
      s3: {
        title: "3. Extended licence",
        body: "Unlimited views and prints, and merchandise for sale up to 10,000 items.",
      },
      s4: {
        title: "4. Exclusive licence",
        body: "The rights of the extended licence, and the item's permanent withdrawal from sale. Licences granted before the exclusive purchase remain valid.",
      },
      s5: {
        title: "5. Prohibited uses",
        body: "Reselling or redistributing the file itself, using it in a defamatory, illegal or pornographic context, or registering it as a trademark.",
      },
      s6: {
        title: "6. Refunds",
        body: "Only a technical defect that prevents the download, reported within 30 days, gives a right to a refund; the licence then ends.",
      },
    },
  },
  support: {
    title: "Help centre",
    intro: "Answers to the most frequent questions. Can't find yours? Write to us.",
    faqTitle: "Frequently asked questions",
    searchLabel: "Search the help centre",
    searchPlaceholder: "E.g. refund, licence, download",
    resultCount_one: "{{count}} question found",
    resultCount_other: "{{count}} questions found",
    noResults: "No question matches “{{query}}”.",
    contactTitle: "Contact support",
    contactIntro: "Our team answers Monday to Friday 9 am to 6 pm and Saturday 10 am to 4 pm.",
    faq: {
      buy: {
        question: "How do I buy an item?",
        answer:
          "Open the item, choose a licence, add it to your cart and pay by card. The download is available as soon as the payment is confirmed, in “My purchases”.",
      },
      licence: {
        question: "Which licence should I choose?",
        answer:
          "The standard licence covers most uses up to 500,000 views. Take the extended licence for merchandise or unlimited views, and the exclusive one to take the item off sale.",
      },
      download: {
        question: "Where are my downloads?",
        answer:
          "In “My purchases”, from your account menu. You can download a purchased item again at any time: licences are perpetual.",
      },
      sell: {
        question: "How do I sell my work?",
        answer:
          "Create a seller account, upload your files, describe them and publish. Our team reviews each item within 48 to 72 working hours; you earn 85% of every sale.",
      },
      refund: {
        question: "Can I get a refund?",
        answer:
          "Yes, if a technical defect prevents the download and you report it within 30 days of the purchase.",
      },
    },
  },
  contact: {
    title: "Contact us",
    intro:
      "A question, an order problem, a project? Write to us; we answer within one working day.",
    infoTitle: "Our details",
    emailLabel: "E-mail",
    phoneLabel: "Phone",
    legalLabel: "Legal team",
    hoursTitle: "Opening hours",
    weekdays: "Monday to Friday",
    saturday: "Saturday",
    sunday: "Sunday",
    closed: "Closed",
    hours: "{{from}} – {{to}}",
  },
  contactForm: {
    title: "Send a message",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone (optional)",
    subject: "Subject",
    subjectPlaceholder: "Choose a subject",
    subjects: {
      support: "Technical support",
      billing: "Billing",
      partnership: "Partnership",
      legal: "Legal",
      other: "Other",
    },
    message: "Message",
    requiredHint: "Fields marked * are required.",
    submit: "Send message",
    submitting: "Sending…",
    errorTitle: "The message was not sent",
    sentTitle: "Message sent",
    sent: "Thank you! Your message has been sent. We have e-mailed you an acknowledgement.",
    sendAnother: "Send another message",
    rateLimited: "Too many messages sent. Try again in {{seconds}} seconds.",
    errors: {
      firstNameRequired: "First name is required.",
      lastNameRequired: "Last name is required.",
      emailRequired: "Email is required.",
      invalidEmail: "The email address is not valid.",
      subjectRequired: "Please choose a subject.",
      messageRequired: "Message is required.",
      phoneInvalid: "The phone number is not valid.",
      nameTooLong: "This field is too long (100 characters at most).",
      emailTooLong: "The email address is too long (254 characters at most).",
      messageTooLong: "The message is too long (5000 characters at most).",
    },
  },
  contactMail: {
    subject: "We have received your message",
    greeting: "Hello {{name}},",
    body: "Thank you for writing to us. Our team will answer within one working day (Monday to Friday 9 am to 6 pm, Saturday 10 am to 4 pm).",
    copy: "For your records, your message:",
    footer: "The Vitrine team",
  },
  feedbackMail: {
    subject: "Thank you for your feedback",
    greeting: "Hello {{name}},",
    body: "Thank you for taking the time to give us your feedback: every message is read by the product team.",
    copy: "For your records, your message:",
    footer: "The Vitrine team",
  },
  business: {
    contactCta: "Write to us",
    emailCta: "Or by e-mail:",
    enterprise: {
      title: "Vitrine Enterprise",
      intro:
        "For teams that use content every day: one contract, one monthly invoice and a dedicated contact.",
      p1: "Multi-user licences for your whole team",
      p2: "Centralised billing and purchase orders",
      p3: "Extended legal protection and tailored contracts",
    },
    press: {
      title: "Press room",
      intro:
        "Journalists and media: here are our contacts. We answer interview and image requests within 24 working hours.",
      p1: "Logo and brand assets on request",
      p2: "Key figures of the marketplace",
      p3: "Interviews with creators from the community",
    },
    partnerships: {
      title: "Partnerships",
      intro:
        "Agencies, schools, platforms and creator collectives: let's build offers that serve our communities.",
      p1: "Our catalogue inside your tools",
      p2: "Programmes for art and photography schools",
      p3: "Joint operations with creator collectives",
    },
    sales: {
      title: "Sales team",
      intro:
        "An exclusive licence to negotiate, a large volume, a special use? Our team will prepare a quote.",
      p1: "Quote within 48 working hours",
      p2: "Volume discounts",
      p3: "Help choosing the right licences",
    },
  },
  feedback: {
    title: "Give us your feedback",
    intro:
      "An idea, a page that gets in your way, a missing feature? Every message is read by the product team.",
    submit: "Send my feedback",
    sent: "Thank you for your feedback! It has been passed on to the team.",
  },
  cookies: {
    label: "Cookies",
    notice:
      "Vitrine only uses cookies the site needs to work. No audience is measured without your consent.",
    acceptAll: "Accept all",
    essentialOnly: "Essential only",
    learnMore: "Learn more",
  },
  inbox: {
    title: "Messages received",
    intro: "Messages sent through the contact, help centre and feedback forms.",
    tabsLabel: "Message status",
    tabs: { new: "To handle ({{count}})", handled: "Handled ({{count}})" },
    empty: { new: "No message to handle.", handled: "No handled message." },
    kinds: { contact: "Contact", feedback: "Feedback" },
    from: "From",
    subject: "Subject",
    phone: "Phone",
    receivedAt: "Received on {{date}}",
    reply: "Reply",
    markHandled: "Mark as handled",
    reopen: "Move back to handle",
    markedHandled: "Message marked as handled",
    reopened: "Message moved back to handle",
    notFound: "Message not found",
  },
};
