/**
 * Public pages (about, licences, legal texts, help centre, contact, business pages, cookie
 * notice, contact inbox): the `pages` namespace of the French catalog.
 */
export const pagesFr = {
  meta: {
    about: {
      title: "À propos — Vitrine",
      description:
        "Notre mission : permettre aux créateurs de vivre de leur travail et aux marques de trouver des contenus sous licence claire.",
    },
    licenses: {
      title: "Licences — Vitrine",
      description: "Standard, étendue ou exclusive : ce que chaque licence permet, et son prix.",
    },
    terms: {
      title: "Conditions d'utilisation — Vitrine",
      description:
        "Les règles d'utilisation de la marketplace Vitrine, pour acheteurs et vendeurs.",
    },
    cookiePolicy: {
      title: "Politique de cookies — Vitrine",
      description: "Les cookies que Vitrine dépose, pourquoi, et comment changer votre choix.",
    },
    privacyPolicy: {
      title: "Politique de confidentialité — Vitrine",
      description: "Les données que Vitrine traite, pourquoi, combien de temps, et vos droits.",
    },
    licenseAgreement: {
      title: "Contrat de licence — Vitrine",
      description: "Le contrat qui accompagne chaque contenu acheté sur Vitrine.",
    },
    support: {
      title: "Centre d'aide — Vitrine",
      description: "Questions fréquentes et formulaire de contact de l'équipe Vitrine.",
    },
    contact: {
      title: "Contact — Vitrine",
      description: "Écrivez à l'équipe Vitrine : support, facturation, partenariats, juridique.",
    },
    enterprise: {
      title: "Vitrine Entreprise",
      description: "Licences multi-utilisateurs, facturation centralisée et accompagnement dédié.",
    },
    press: {
      title: "Presse — Vitrine",
      description: "Contacts presse, chiffres clés et éléments de marque de Vitrine.",
    },
    partnerships: {
      title: "Partenariats — Vitrine",
      description: "Agences, écoles, plateformes : construisons quelque chose ensemble.",
    },
    sales: {
      title: "Équipe commerciale — Vitrine",
      description: "Un devis pour une licence exclusive, un volume ou un besoin particulier.",
    },
    feedback: {
      title: "Votre avis — Vitrine",
      description: "Dites-nous ce qui vous plaît et ce qui doit changer sur Vitrine.",
    },
    adminMessages: {
      title: "Messages reçus — Administration Vitrine",
      description: "Les messages envoyés par les formulaires de contact et d'avis.",
    },
  },
  legalCommon: {
    lastUpdate: "Dernière mise à jour : {{date}}",
    questions: "Une question sur ce texte ? Écrivez à notre service juridique :",
    otherTexts: "Autres textes",
  },
  about: {
    title: "À propos de Vitrine",
    intro:
      "Vitrine est une marketplace française de contenus créatifs sous licence : photos, vidéos, musiques, illustrations, vecteurs et ebooks, vendus directement par celles et ceux qui les créent.",
    missionTitle: "Notre mission",
    mission:
      "Permettre aux créateurs de vivre de leur travail, avec une commission claire et des paiements rapides, et donner aux acheteurs des contenus vérifiés sous une licence qu'ils comprennent.",
    visionTitle: "Notre vision",
    vision:
      "Une création rémunérée à sa juste valeur : chaque contenu vendu l'est avec le consentement de son auteur, une licence écrite et un prix connu d'avance.",
    creatorsTitle: "Les créateurs que nous accueillons",
    creators: {
      photo: "Photographes",
      video: "Vidéastes et monteurs",
      audio: "Musiciens et designers sonores",
      illustration: "Illustrateurs et graphistes",
      ebook: "Auteurs et éditeurs d'ebooks",
    },
    serveTitle: "Pour qui",
    serve: {
      brands: "Marques et agences qui ont besoin de visuels prêts à publier",
      media: "Médias et éditeurs, pour illustrer leurs articles et vidéos",
      smb: "Indépendants et petites entreprises, pour leurs sites et réseaux",
      education: "Écoles et associations, pour leurs supports pédagogiques",
    },
    ctaTitle: "Rejoignez-nous",
    ctaPricing: "Voir les packs et abonnements",
    ctaSeller: "Devenir vendeur",
    ctaContact: "Nous contacter",
  },
  licenses: {
    title: "Nos licences",
    intro:
      "Chaque contenu s'achète avec une licence. Le supplément de licence s'ajoute au prix du contenu ; la TVA de 20 % s'ajoute au panier. Les prix ci-dessous sont ceux appliqués dans le panier.",
    surcharge: "+{{price}}",
    surchargeLabel: "Supplément de licence",
    popular: "Le plus populaire",
    perpetual: "Toutes nos licences sont perpétuelles et valables dans le monde entier.",
    agreementLink: "Lire le contrat de licence",
    questionsLink: "Une question ? Contactez-nous",
    features: {
      standard: {
        f1: "Jusqu'à 500 000 vues ou impressions",
        f2: "Sites, réseaux sociaux, présentations, publicité numérique",
        f3: "Un utilisateur",
      },
      extended: {
        f1: "Vues et impressions illimitées",
        f2: "Produits dérivés : jusqu'à 10 000 articles",
        f3: "Revente intégrée à un produit (modèles, objets imprimés)",
      },
      exclusive: {
        f1: "Tous les usages de la licence étendue",
        f2: "Le contenu est retiré de la vente après votre achat",
        f3: "Les acheteurs précédents gardent leur licence",
      },
    },
  },
  legal: {
    terms: {
      title: "Conditions d'utilisation",
      intro:
        "Ces conditions régissent l'utilisation de Vitrine par les visiteurs, les acheteurs et les vendeurs. En créant un compte, vous les acceptez.",
      s1: {
        title: "1. Le service",
        body: "Vitrine met en relation des créateurs qui vendent des contenus numériques (photos, vidéos, audio, illustrations, vecteurs, ebooks) et des acheteurs qui les licencient. Vitrine encaisse les paiements pour le compte des vendeurs et conserve une commission.",
      },
      s2: {
        title: "2. Comptes",
        body: "Vous devez fournir des informations exactes et garder votre mot de passe secret. Un compte vendeur permet de publier des contenus ; un compte acheteur permet d'acheter et de télécharger.",
      },
      s3: {
        title: "3. Publication et validation",
        body: "Tout contenu publié est examiné par notre équipe avant d'être mis en vente. La validation prend de 48 à 72 heures ouvrées. Un contenu refusé peut être corrigé et soumis à nouveau. Le vendeur garantit détenir tous les droits sur ce qu'il publie, y compris les autorisations des personnes et des lieux représentés.",
      },
      s4: {
        title: "4. Prix et paiement",
        body: "Les prix sont affichés en euros. Le prix d'une ligne est le prix du contenu plus le supplément de la licence choisie ; la TVA de 20 % s'ajoute au total. Le montant payé est celui affiché au moment du paiement.",
      },
      s5: {
        title: "5. Remboursements",
        body: "Les contenus numériques étant livrés immédiatement, un achat n'est remboursé qu'en cas de défaut technique empêchant le téléchargement, signalé dans les 30 jours suivant l'achat.",
      },
      s6: {
        title: "6. Responsabilité",
        body: "La responsabilité de Vitrine, tous dommages confondus, est limitée au montant des transactions que vous avez réalisées sur Vitrine au cours des 12 derniers mois.",
      },
      s7: {
        title: "7. Suspension et droit applicable",
        body: "Nous pouvons suspendre un compte qui enfreint ces conditions ou la loi. Ces conditions sont soumises au droit français ; à défaut d'accord amiable, les tribunaux de Paris sont compétents.",
      },
    },
    privacyPolicy: {
      title: "Politique de confidentialité",
      intro:
        "Cette politique décrit les données personnelles que Vitrine traite, pourquoi, combien de temps nous les gardons, et comment exercer vos droits (RGPD).",
      s1: {
        title: "1. Données traitées",
        body: "Compte (nom, e-mail, pays, langue, rôle), contenus publiés et leurs fichiers, achats et paiements (le numéro de carte reste chez le prestataire de paiement), messages envoyés au support, et, seulement si vous l'acceptez, des mesures d'audience.",
      },
      s2: {
        title: "2. Finalités",
        body: "Faire fonctionner votre compte, vendre et livrer les contenus, payer les vendeurs, répondre à vos messages, prévenir la fraude et respecter nos obligations comptables.",
      },
      s3: {
        title: "3. Durées de conservation",
        body: "Comptes : 3 ans après la dernière activité. Transactions : 10 ans (obligation comptable). Messages au support : 3 ans. Mesures d'audience : 2 ans.",
      },
      s4: {
        title: "4. Destinataires",
        body: "Nos prestataires techniques (hébergement, envoi d'e-mails, paiement), tenus par contrat à la confidentialité. Le vendeur d'un contenu acheté ne reçoit pas vos coordonnées.",
      },
      s5: {
        title: "5. Vos droits",
        body: "Vous pouvez accéder à vos données, les rectifier, les effacer, les exporter ou vous opposer à leur traitement en écrivant à notre service juridique. Vous pouvez aussi saisir la CNIL.",
      },
    },
    cookiePolicy: {
      title: "Politique de cookies",
      intro:
        "Vitrine ne dépose que les cookies indispensables au service, sauf si vous acceptez davantage.",
      s1: {
        title: "1. Cookies essentiels (toujours actifs)",
        body: "Session de connexion (better-auth.session_token, 7 jours), messages d'information après une action (vitrine_flash, 1 minute) et mémorisation de votre choix sur les cookies (vitrine_cookie_consent, 6 mois). Sans eux, le site ne peut pas fonctionner ; ils ne servent à aucun suivi.",
      },
      s2: {
        title: "2. Cookies de mesure d'audience (avec votre accord)",
        body: "Seulement si vous cliquez sur « Tout accepter » : des statistiques de visite anonymisées, conservées 2 ans au plus, pour améliorer le site. Vitrine n'en dépose aucun aujourd'hui ; votre accord ne vaudra que pour une mesure décrite ici. Aucun cookie publicitaire n'est déposé.",
      },
      s3: {
        title: "3. Changer d'avis",
        body: "Vous pouvez modifier votre choix à tout moment ci-dessous ; le bandeau vous le redemandera aussi après 6 mois.",
      },
      currentChoice: "Votre choix actuel : {{choice}}",
      choices: {
        none: "aucun choix enregistré",
        essential: "cookies essentiels uniquement",
        all: "tous les cookies acceptés",
      },
      reset: "Modifier mon choix",
    },
    licenseAgreement: {
      title: "Contrat de licence",
      intro:
        "Ce contrat lie l'acheteur (le licencié) et le créateur du contenu (le concédant), représenté par Vitrine. Il s'applique à chaque achat.",
      s1: {
        title: "1. Droits concédés",
        body: "L'achat confère un droit d'utilisation non exclusif (exclusif pour la licence exclusive), mondial et perpétuel du contenu, dans les limites de la licence choisie. Le créateur reste l'auteur et propriétaire des droits d'auteur.",
      },
      s2: {
        title: "2. Licence standard",
        body: "Usages commerciaux et éditoriaux jusqu'à 500 000 vues ou impressions, par un seul utilisateur. Les produits dérivés destinés à la vente sont exclus.",
      },
      s3: {
        title: "3. Licence étendue",
        body: "Vues et impressions illimitées, et produits dérivés destinés à la vente jusqu'à 10 000 articles.",
      },
      s4: {
        title: "4. Licence exclusive",
        body: "Les droits de la licence étendue, et le retrait définitif du contenu de la vente. Les licences accordées avant l'achat exclusif restent valables.",
      },
      s5: {
        title: "5. Interdictions",
        body: "Revendre ou redistribuer le fichier lui-même, l'utiliser dans un contexte diffamatoire, illégal ou pornographique, ou le déposer comme marque.",
      },
      s6: {
        title: "6. Remboursement",
        body: "Seul un défaut technique empêchant le téléchargement, signalé dans les 30 jours, donne droit à remboursement ; la licence prend alors fin.",
      },
    },
  },
  support: {
    title: "Centre d'aide",
    intro: "Les réponses aux questions les plus fréquentes. Vous ne trouvez pas ? Écrivez-nous.",
    faqTitle: "Questions fréquentes",
    searchLabel: "Rechercher dans l'aide",
    searchPlaceholder: "Ex. : remboursement, licence, téléchargement",
    resultCount_one: "{{count}} question trouvée",
    resultCount_other: "{{count}} questions trouvées",
    noResults: "Aucune question ne correspond à « {{query}} ».",
    contactTitle: "Contacter le support",
    contactIntro:
      "Notre équipe répond du lundi au vendredi de 9 h à 18 h et le samedi de 10 h à 16 h.",
    faq: {
      buy: {
        question: "Comment acheter un contenu ?",
        answer:
          "Ouvrez le contenu, choisissez une licence, ajoutez-le au panier puis payez par carte. Le téléchargement est disponible dès le paiement confirmé, dans « Mes achats ».",
      },
      licence: {
        question: "Quelle licence choisir ?",
        answer:
          "La licence standard couvre la plupart des usages jusqu'à 500 000 vues. Prenez la licence étendue pour des produits dérivés ou des vues illimitées, et l'exclusive pour retirer le contenu de la vente.",
      },
      download: {
        question: "Où retrouver mes téléchargements ?",
        answer:
          "Dans « Mes achats », depuis le menu de votre compte. Vous pouvez télécharger à nouveau un contenu acheté à tout moment : les licences sont perpétuelles.",
      },
      sell: {
        question: "Comment vendre mes créations ?",
        answer:
          "Créez un compte vendeur, importez vos fichiers, décrivez-les et publiez. Notre équipe valide chaque contenu en 48 à 72 heures ouvrées ; vous touchez 85 % de chaque vente.",
      },
      refund: {
        question: "Puis-je être remboursé ?",
        answer:
          "Oui, si un défaut technique empêche le téléchargement et que vous nous le signalez dans les 30 jours suivant l'achat.",
      },
    },
  },
  contact: {
    title: "Contactez-nous",
    intro:
      "Une question, un problème de commande, un projet ? Écrivez-nous, nous répondons sous un jour ouvré.",
    infoTitle: "Nos coordonnées",
    emailLabel: "E-mail",
    phoneLabel: "Téléphone",
    legalLabel: "Service juridique",
    hoursTitle: "Horaires d'ouverture",
    weekdays: "Lundi au vendredi",
    saturday: "Samedi",
    sunday: "Dimanche",
    closed: "Fermé",
    hours: "{{from}} – {{to}}",
  },
  contactForm: {
    title: "Envoyer un message",
    firstName: "Prénom",
    lastName: "Nom",
    email: "Email",
    phone: "Téléphone (facultatif)",
    subject: "Sujet",
    subjectPlaceholder: "Choisissez un sujet",
    subjects: {
      support: "Support technique",
      billing: "Facturation",
      partnership: "Partenariat",
      legal: "Juridique",
      other: "Autre",
    },
    message: "Message",
    requiredHint: "Les champs marqués * sont obligatoires.",
    submit: "Envoyer le message",
    submitting: "Envoi…",
    errorTitle: "Le message n'a pas été envoyé",
    sentTitle: "Message envoyé",
    sent: "Merci ! Votre message a bien été envoyé. Un accusé de réception vous a été adressé par e-mail.",
    sendAnother: "Envoyer un autre message",
    rateLimited: "Trop de messages envoyés. Réessayez dans {{seconds}} secondes.",
    errors: {
      firstNameRequired: "Le prénom est obligatoire.",
      lastNameRequired: "Le nom est obligatoire.",
      emailRequired: "L'email est obligatoire.",
      invalidEmail: "L'adresse email n'est pas valide.",
      subjectRequired: "Veuillez choisir un sujet.",
      messageRequired: "Le message est obligatoire.",
      phoneInvalid: "Le numéro de téléphone n'est pas valide.",
      nameTooLong: "Ce champ est trop long (100 caractères maximum).",
      emailTooLong: "L'adresse email est trop longue (254 caractères maximum).",
      messageTooLong: "Le message est trop long (5000 caractères maximum).",
    },
  },
  contactMail: {
    subject: "Nous avons bien reçu votre message",
    greeting: "Bonjour {{name}},",
    body: "Merci de nous avoir écrit. Notre équipe vous répondra sous un jour ouvré (du lundi au vendredi de 9 h à 18 h, le samedi de 10 h à 16 h).",
    copy: "Pour mémoire, votre message :",
    footer: "L'équipe Vitrine",
  },
  feedbackMail: {
    subject: "Merci pour votre avis",
    greeting: "Bonjour {{name}},",
    body: "Merci d'avoir pris le temps de nous donner votre avis : chaque message est lu par l'équipe produit.",
    copy: "Pour mémoire, votre message :",
    footer: "L'équipe Vitrine",
  },
  business: {
    contactCta: "Nous écrire",
    emailCta: "Ou par e-mail :",
    enterprise: {
      title: "Vitrine Entreprise",
      intro:
        "Pour les équipes qui utilisent des contenus tous les jours : un seul contrat, une facture mensuelle et un interlocuteur dédié.",
      p1: "Licences multi-utilisateurs pour toute votre équipe",
      p2: "Facturation centralisée et bons de commande",
      p3: "Protection juridique étendue et contrats sur mesure",
    },
    press: {
      title: "Espace presse",
      intro:
        "Journalistes et médias : retrouvez ici nos contacts. Nous répondons aux demandes d'interview et d'images sous 24 heures ouvrées.",
      p1: "Logo et éléments de marque sur demande",
      p2: "Chiffres clés de la marketplace",
      p3: "Interviews de créateurs de la communauté",
    },
    partnerships: {
      title: "Partenariats",
      intro:
        "Agences, écoles, plateformes et associations de créateurs : construisons ensemble des offres utiles à nos communautés.",
      p1: "Intégration de notre catalogue dans vos outils",
      p2: "Programmes pour écoles d'art et de photographie",
      p3: "Opérations communes avec des collectifs de créateurs",
    },
    sales: {
      title: "Équipe commerciale",
      intro:
        "Une licence exclusive à négocier, un volume important, un usage particulier ? Notre équipe vous prépare un devis.",
      p1: "Devis sous 48 heures ouvrées",
      p2: "Tarifs dégressifs pour les volumes",
      p3: "Accompagnement dans le choix des licences",
    },
  },
  feedback: {
    title: "Donnez-nous votre avis",
    intro:
      "Une idée, une page qui vous gêne, une fonctionnalité qui manque ? Chaque message est lu par l'équipe produit.",
    submit: "Envoyer mon avis",
    sent: "Merci pour votre avis ! Il a bien été transmis à l'équipe.",
  },
  cookies: {
    label: "Cookies",
    notice:
      "Vitrine n'utilise que des cookies essentiels au fonctionnement du site. Aucune mesure d'audience n'est faite sans votre accord.",
    acceptAll: "Tout accepter",
    essentialOnly: "Essentiels uniquement",
    learnMore: "En savoir plus",
  },
  inbox: {
    title: "Messages reçus",
    intro: "Les messages envoyés par les formulaires de contact, du centre d'aide et d'avis.",
    tabsLabel: "Statut des messages",
    tabs: { new: "À traiter ({{count}})", handled: "Traités ({{count}})" },
    empty: { new: "Aucun message à traiter.", handled: "Aucun message traité." },
    kinds: { contact: "Contact", feedback: "Avis" },
    from: "De",
    subject: "Sujet",
    phone: "Téléphone",
    receivedAt: "Reçu le {{date}}",
    reply: "Répondre",
    markHandled: "Marquer comme traité",
    reopen: "Remettre à traiter",
    markedHandled: "Message marqué comme traité",
    reopened: "Message remis à traiter",
    notFound: "Message introuvable",
  },
};
