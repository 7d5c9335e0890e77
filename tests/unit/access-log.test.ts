import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestIdOf } from "../../server/access-log.js";

function request(requestId: string): IncomingMessage {
  return { headers: { "x-request-id": requestId } } as unknown as IncomingMessage;
}

describe("request ids", () => {
  it("takes our own proxy's X-Request-Id only behind TRUST_PROXY", () => {
    expect(requestIdOf(request("edge-42.abc"), true)).toBe("edge-42.abc");
    expect(requestIdOf(request("edge-42.abc"), false)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("replaces an id that could forge log lines or headers, even from the proxy", () => {
    for (const forged of ["a\nb", "x".repeat(129), "id with spaces", ""]) {
      expect(requestIdOf(request(forged), true)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
