import { beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../support/accounts";
import { routeTable } from "../support/route-table";
import { testApp, type CookieJar, type TestApp } from "../support/test-app";

/** Actions that take other bodies than forms: JSON, tus chunks, signed provider events. */
const nonFormActions = new Set([
  "routes/api.auth",
  "routes/api.uploads",
  "routes/api.uploads-id",
  "routes/api.payments-webhook",
]);

/**
 * Actions that look up what their path names before reading the form: the walk's placeholders
 * name nothing, so they answer 404 first.
 */
const notFoundFirst = new Set([
  "routes/product-missing-id",
  "routes/test-pay",
  "routes/test-connect",
]);

let app: TestApp;
let admin: CookieJar;

beforeAll(async () => {
  app = await testApp();
  admin = (await signedInAs(app, "admin")).jar;
});

function post(pathname: string, contentType: string, body: string, cookies?: CookieJar) {
  return app.fetch(pathname, {
    method: "POST",
    headers: { "Content-Type": contentType, Origin: "http://localhost:3000" },
    body,
    cookies,
  });
}

describe("bodies sent to form actions", () => {
  it("answer 415 when they are not forms and 400 when the form is unreadable, on every action", async () => {
    const actions = (await routeTable()).filter(
      (route) => route.hasAction && !nonFormActions.has(route.id),
    );
    expect(actions.length).toBeGreaterThanOrEqual(20);
    const statuses: Record<string, number[]> = {};
    for (const route of actions) {
      // An admin may use nearly every action; the body is checked before any parameter.
      statuses[route.path] = [
        (await post(route.path, "application/json", '{"intent":"login"}', admin)).status,
        (await post(route.path, "text/plain", "intent=login", admin)).status,
        (await post(route.path, "multipart/form-data; boundary=xyz", "--xyz\r\nbroken", admin))
          .status,
      ];
    }
    expect(statuses).toEqual(
      Object.fromEntries(
        actions.map((route) => [
          route.path,
          notFoundFirst.has(route.id) ? [404, 404, 404] : [415, 415, 400],
        ]),
      ),
    );
  });

  it("explain the refusal on the page, in its language", async () => {
    const french = await post("/fr/feedback", "application/json", '{"message":"x"}');
    expect(french.status).toBe(415);
    const frenchPage = await french.text();
    expect(frenchPage).toContain("Requête refusée");
    expect(frenchPage).toContain("formulaires envoyés depuis le site");
    const english = await post("/en/contact", "multipart/form-data; boundary=b", "--b\r\nx");
    expect(english.status).toBe(400);
    const englishPage = await english.text();
    expect(englishPage).toContain("Request refused");
    expect(englishPage).toContain("The form received could not be read.");
  });

  it("still take real forms", async () => {
    const response = await post("/fr/feedback", "application/x-www-form-urlencoded", "message=");
    expect(response.status).toBeLessThan(500);
    expect(response.status).not.toBe(415);
  });
});
