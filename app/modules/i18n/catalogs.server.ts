import { en } from "./catalog.en";
import { fr } from "./catalog.fr";
import { registerCatalog } from "./i18n";

// The server renders every language, so it holds every catalog from the start; the browser
// loads only the ones it shows (i18n.ts).
registerCatalog("fr", fr);
registerCatalog("en", en);
