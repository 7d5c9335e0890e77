import { createContext, useContext } from "react";
import { useLocation } from "react-router";

/**
 * The id of the request that rendered the document (the access log's and the X-Request-Id
 * header's). The server provides it while rendering; the browser reads it back from the page
 * before hydrating, so both render the same markup.
 */
export const RequestIdContext = createContext<string | null>(null);

/** Marks the element that shows the id, for the browser to read it back. */
export const requestIdAttribute = "data-request-id";

/**
 * The id, while the page is still the one the server rendered: after a navigation in the
 * browser the failing request is another one, whose id the page does not know.
 */
export function useRequestId(): string | null {
  const location = useLocation();
  const requestId = useContext(RequestIdContext);
  return location.key === "default" ? requestId : null;
}
