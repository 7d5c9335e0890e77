import { z } from "~/modules/validation/zod";
import type { AiWarningCode } from "./types";

/**
 * One request to an OpenAI-compatible chat-completions provider that answers with a JSON object:
 * what metadata proposals and translations both send. Failures carry the code the page turns
 * into a message; neither the key nor the provider's message is kept (decision 0006).
 */

/** A provider failure, with the code the page turns into a message. */
export class ProviderFailure extends Error {
  override name = "ProviderFailure";
  constructor(
    readonly code: Exclude<AiWarningCode, "fallback">,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const quotaPattern =
  /insufficient[ _-]?(balance|quota|funds|credits?)|quota|billing|credit balance/i;
const keyPattern =
  /invalid[ _-]?api[ _-]?key|incorrect api key|api key|unauthori[sz]ed|authentication/i;

export function classifyHttpFailure(
  status: number,
  body: string,
): Exclude<AiWarningCode, "fallback"> {
  if (status === 402 || quotaPattern.test(body)) return "insufficientBalance";
  if (status === 401 || status === 403 || keyPattern.test(body)) return "missingApiKey";
  return "providerError";
}

/** The provider's own error code or type (e.g. "insufficient_quota"), never its message. */
function errorLabel(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; type?: unknown } };
    const label = parsed.error?.code ?? parsed.error?.type;
    return typeof label === "string" ? label.slice(0, 60) : undefined;
  } catch {
    return undefined;
  }
}

/** Tolerates an answer wrapped in a Markdown code fence. */
function parseJsonContent(content: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(content);
  return JSON.parse(fenced?.[1] ?? content);
}

const chatCompletionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
});

export interface ChatRequest {
  /** Base URL without its trailing slash, e.g. https://api.openai.com/v1. */
  apiUrl: string;
  apiKey: string;
  model: string;
  fetch: typeof fetch;
  system: string;
  user: string;
  temperature: number;
  /** Aborts the request; `timeoutMs` only words the failure. */
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * The JSON object the model answered, not yet checked against any schema, and the HTTP status;
 * throws a ProviderFailure when the request fails, the provider refuses, or the answer is not
 * JSON.
 */
export async function requestChatJson(
  request: ChatRequest,
): Promise<{ json: unknown; status: number }> {
  let response: Response;
  try {
    response = await request.fetch(`${request.apiUrl}/chat/completions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${request.apiKey}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({
        model: request.model,
        messages: [
          { role: "system", content: request.system },
          { role: "user", content: request.user },
        ],
        response_format: { type: "json_object" },
        temperature: request.temperature,
      }),
      signal: request.signal,
    });
  } catch (error) {
    const reason = request.signal.aborted
      ? `timed out after ${request.timeoutMs} ms`
      : String(error);
    throw new ProviderFailure("providerError", `request failed: ${reason}`);
  }

  const body = await response.text().catch(() => "");
  if (!response.ok) {
    const label = errorLabel(body);
    throw new ProviderFailure(
      classifyHttpFailure(response.status, body),
      `HTTP ${response.status}${label ? ` (${label})` : ""}`,
      response.status,
    );
  }
  try {
    const completion = chatCompletionSchema.parse(JSON.parse(body));
    const content = completion.choices[0]?.message.content ?? "";
    return { json: parseJsonContent(content), status: response.status };
  } catch {
    throw new ProviderFailure("providerError", "invalid JSON", response.status);
  }
}
