import { afterEach, describe, expect, it, vi } from "vitest";
import { localMetadata } from "~/modules/ai/local-metadata.server";
import { createMetadataGenerator } from "~/modules/ai/metadata-generator.server";
import type { MetadataInput } from "~/modules/ai/types";
import { logger } from "~/modules/log/logger.server";

const input: MetadataInput = {
  fileName: "coucher-de-soleil_plage_4K.mp4",
  kind: "video",
  mime: "video/mp4",
  metadata: { width: 3840, height: 2160, durationSeconds: 12.4, dominantColors: ["#f28c28"] },
  sellerDescription: "Tourné à Biarritz en août.",
};

const apiKey = "sk-test-secret-key-123";
const answer = {
  fr: {
    title: "Coucher de soleil doré sur une plage de l'Atlantique",
    description: "Le soleil se couche sur l'océan à Biarritz. Vidéo 4K de 12 secondes.",
    tags: ["coucher de soleil", "plage", "océan", "biarritz", "4k"],
  },
  en: {
    title: "Golden sunset over an Atlantic beach",
    description: "The sun sets over the ocean in Biarritz. 12-second 4K video.",
    tags: ["sunset", "beach", "ocean", "biarritz", "4k"],
  },
};

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A stand-in for the provider at the network edge, recording what it received. */
function provider(reply: (signal: AbortSignal) => Promise<Response> | Response) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    return reply(init?.signal as AbortSignal);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, calls: fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const completion = (content: string) =>
  json({ id: "chatcmpl-1", choices: [{ index: 0, message: { role: "assistant", content } }] });

function generator(
  fetch: typeof globalThis.fetch,
  extra: { timeoutMs?: number; model?: string } = {},
) {
  return createMetadataGenerator({
    apiUrl: "https://api.example.com/v1/",
    apiKey,
    fetch,
    ...extra,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AI metadata generator", () => {
  it("asks an OpenAI-compatible provider for JSON and returns its proposal", async () => {
    const mock = provider(() => completion(JSON.stringify(answer)));

    const result = await generator(mock.fetch).generate(input);

    expect(result).toEqual({ fr: answer.fr, en: answer.en, source: "ai" });
    expect(mock.requests).toHaveLength(1);
    const [request] = mock.requests;
    expect(request?.url).toBe("https://api.example.com/v1/chat/completions");
    expect(request?.init.method).toBe("POST");
    expect(new Headers(request?.init.headers).get("authorization")).toBe(`Bearer ${apiKey}`);
    const body = JSON.parse(String(request?.init.body)) as {
      model: string;
      response_format: unknown;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.messages[0]?.role).toBe("system");
    expect(body.messages[0]?.content).toMatch(/JSON/);
    expect(body.messages[0]?.content).toMatch(/French/);
    expect(body.messages[1]?.role).toBe("user");
    expect(body.messages[1]?.content).toContain("coucher-de-soleil_plage_4K.mp4");
    expect(body.messages[1]?.content).toContain("3840 × 2160 px, landscape, 4K");
    expect(body.messages[1]?.content).toContain("Duration: 12 s");
    expect(body.messages[1]?.content).toContain("Tourné à Biarritz en août.");
  });

  it("uses the configured model", async () => {
    const mock = provider(() => completion(JSON.stringify(answer)));
    await generator(mock.fetch, { model: "deepseek-chat" }).generate(input);
    expect(JSON.parse(String(mock.requests[0]?.init.body))).toMatchObject({
      model: "deepseek-chat",
    });
  });

  it("tidies the model's tags and accepts a fenced answer", async () => {
    const loose = {
      fr: { ...answer.fr, tags: ["#Plage ", "plage", "Océan", "soleil", ...range(20, "fr")] },
      en: answer.en,
    };
    const mock = provider(() => completion("```json\n" + JSON.stringify(loose) + "\n```"));

    const result = await generator(mock.fetch).generate(input);

    expect(result.source).toBe("ai");
    expect(result.fr.tags.slice(0, 3)).toEqual(["plage", "océan", "soleil"]);
    expect(result.fr.tags).toHaveLength(15);
  });

  it("falls back to local metadata when no provider is configured", async () => {
    const mock = provider(() => completion(JSON.stringify(answer)));

    for (const config of [{}, { apiUrl: "https://api.example.com/v1" }, { apiKey }]) {
      const result = await createMetadataGenerator({ ...config, fetch: mock.fetch }).generate(
        input,
      );
      expect(result).toEqual({ ...localMetadata(input), source: "local", warning: "fallback" });
    }
    expect(mock.calls).not.toHaveBeenCalled();
  });

  it.each([
    [
      "402 insufficient balance",
      () => json({ error: { message: "Insufficient Balance", type: "unknown_error" } }, 402),
      "insufficientBalance",
    ],
    [
      "429 insufficient quota",
      () =>
        json(
          {
            error: {
              message:
                "You exceeded your current quota, please check your plan and billing details.",
              type: "insufficient_quota",
              code: "insufficient_quota",
            },
          },
          429,
        ),
      "insufficientBalance",
    ],
    [
      "401 invalid key",
      () =>
        json({ error: { message: "Incorrect API key provided", code: "invalid_api_key" } }, 401),
      "missingApiKey",
    ],
    ["403 forbidden", () => new Response("Forbidden", { status: 403 }), "missingApiKey"],
    ["500 server error", () => new Response("upstream failure", { status: 500 }), "providerError"],
    [
      "429 rate limit",
      () => json({ error: { message: "Rate limit reached" } }, 429),
      "providerError",
    ],
    ["a body that is not JSON", () => new Response("<html>oops</html>"), "providerError"],
    [
      "an answer that is not JSON",
      () => completion("Here are your tags: sunset, beach"),
      "providerError",
    ],
    [
      "an answer missing fields",
      () => completion(JSON.stringify({ fr: answer.fr, en: { title: "Sunset" } })),
      "providerError",
    ],
    [
      "an answer with too few tags",
      () => completion(JSON.stringify({ fr: answer.fr, en: { ...answer.en, tags: ["a", "b"] } })),
      "providerError",
    ],
    ["an empty answer", () => json({ choices: [{ message: { content: null } }] }), "providerError"],
    ["a network failure", () => Promise.reject(new TypeError("fetch failed")), "providerError"],
  ] as const)("gives local metadata with a warning on %s", async (_case, reply, warning) => {
    const warn = vi.spyOn(logger(), "warn");
    const mock = provider(reply);

    const result = await generator(mock.fetch).generate(input);

    expect(result).toEqual({ ...localMetadata(input), source: "local", warning });
    expect(result.fr.title).toBe("Coucher de soleil plage – vidéo 4K");
    expect(result.en.title).toBe("Sunset beach – 4K video");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ event: "ai.metadata.fallback", code: warning });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(apiKey);
  });

  it("gives up after the timeout and falls back", async () => {
    const mock = provider(
      (signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
    );
    const started = Date.now();

    const result = await generator(mock.fetch, { timeoutMs: 50 }).generate(input);

    expect(result).toMatchObject({ source: "local", warning: "providerError" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("rejects when the caller itself aborts", async () => {
    const controller = new AbortController();
    const mock = provider(
      (signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
    );
    const pending = generator(mock.fetch).generate(input, controller.signal);
    controller.abort(new DOMException("The seller left", "AbortError"));

    await expect(pending).rejects.toThrow("The seller left");
  });
});

function range(count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix} tag ${i}`);
}
