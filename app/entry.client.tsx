import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { RequestIdContext, requestIdAttribute } from "./components/request-id";
import { loadCatalog } from "./modules/i18n/i18n";
import { localeFromUrl } from "./modules/i18n/locale";

// The browser downloads only the page's language; it must be at hand before the first render,
// which translates synchronously like the server did (decision record 0003).
const requestId = document.querySelector(`[${requestIdAttribute}]`)?.textContent ?? null;

void loadCatalog(localeFromUrl(new URL(window.location.href))).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RequestIdContext value={requestId}>
          <HydratedRouter />
        </RequestIdContext>
      </StrictMode>,
    );
  });
});
