/**
 * The only better-auth endpoints a browser may reach over HTTP (decision record 0039). Every
 * other account action (sign-up, sign-in, sign-out, password and e-mail changes, sessions) goes
 * through our route actions, which call the library on the server after our validation and
 * attempt limits, and write the profile and role rows; the library's own HTTP doors for them
 * would skip all of that. A path is allowed only if it is listed here, so an endpoint a library
 * upgrade adds stays closed.
 */
const publicEndpoints: readonly { method: string; path: RegExp }[] = [
  // Google sends the browser back here after consent; the start is our /auth action.
  { method: "GET", path: /^\/api\/auth\/callback\/google$/ },
  // The link in the password-reset e-mail: checks the token, then opens our reset page.
  { method: "GET", path: /^\/api\/auth\/reset-password\/[^/]+$/ },
];

export function isPublicAuthEndpoint(method: string, pathname: string): boolean {
  return publicEndpoints.some(
    (endpoint) => endpoint.method === method && endpoint.path.test(pathname),
  );
}
