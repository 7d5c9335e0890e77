import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { RequestIdContext, requestIdAttribute } from "./components/request-id";
import { loadPageCatalogue } from "./modules/i18n/page-catalogue.client";

// The browser downloads only the page's texts, in its language; they must be at hand before the
// first render, which translates synchronously like the server did (decision records 0003, 0048).
const requestId = document.querySelector(`[${requestIdAttribute}]`)?.textContent ?? null;

void loadPageCatalogue(new URL(window.location.href)).then(() => {
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
