import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageCache } from "~/modules/http/page-cache.server";
import type { Services } from "~/modules/services";

interface Entry {
  boot(): Promise<void>;
  shutdown(): Promise<void>;
  services(): Promise<Services>;
  createLoadContext(clientAddress: string | undefined): RouterContextProvider;
  pageCache(): Promise<PageCache>;
}

export interface TestApp {
  /** Sends a request through the production build, as the HTTP server would. */
  fetch(
    pathname: string,
    init?: RequestInit & { ip?: string; cookies?: CookieJar },
  ): Promise<Response>;
  services(): Promise<Services>;
}

/** A minimal cookie jar: keeps name=value pairs from Set-Cookie headers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/max-age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

let app: Promise<TestApp> | undefined;

async function load(): Promise<TestApp> {
  const buildPath = path.resolve("build/server/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const entry = build.entry.module as unknown as Entry;
  (globalThis as { __vitrineEntry?: Entry }).__vitrineEntry = entry;
  await entry.boot();
  const handler = createRequestHandler(build, "production");
  // Through the page cache, as the production server answers (decision record 0061); bodies
  // are read uncompressed here, so kept pages go out as they are.
  const pages = await entry.pageCache();
  return {
    services: () => entry.services(),
    async fetch(pathname, init = {}) {
      const { ip, cookies, ...requestInit } = init;
      const headers = new Headers(requestInit.headers);
      if (cookies) headers.set("Cookie", cookies.header());
      const request = new Request(new URL(pathname, "http://localhost:3000"), {
        redirect: "manual",
        ...requestInit,
        headers,
      });
      const context = entry.createLoadContext(ip ?? "127.0.0.1");
      const response = await pages.respond(request, context, () => handler(request, context), {
        gzip: false,
      });
      cookies?.store(response);
      return response;
    },
  };
}

export interface TestAppOptions {
  /** Variables set before the app boots (its configuration is read once, at boot). */
  env?: Record<string, string>;
}

/**
 * The app of this test file (booted once per file, on the file's own database); the options of
 * the first call are the ones it boots with.
 */
export function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (!app) {
    Object.assign(process.env, options.env);
    app = load();
  }
  return app;
}

/** Posts a form the way a browser without JavaScript would. */
export function postForm(
  target: TestApp,
  pathname: string,
  fields: Record<string, string>,
  options: { ip?: string; cookies?: CookieJar } = {},
): Promise<Response> {
  return target.fetch(pathname, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
    },
    ...options,
  });
}
