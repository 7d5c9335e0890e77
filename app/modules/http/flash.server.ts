import { createCookie } from "react-router";
import { getT } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";
import { z } from "~/modules/validation/zod";

/** A one-shot toast carried through a redirect (message is a catalog key). */
const flashSchema = z.object({
  kind: z.enum(["success", "error", "info"]),
  key: z.string().max(200),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  id: z.string().max(64),
});

export type Flash = z.infer<typeof flashSchema>;

const flashCookie = createCookie("vitrine_flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

export async function setFlash(headers: Headers, flash: Omit<Flash, "id">): Promise<void> {
  headers.append(
    "Set-Cookie",
    await flashCookie.serialize({ ...flash, id: crypto.randomUUID() } satisfies Flash),
  );
}

/** Reads and clears the pending toast, if any. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, headers };
  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers };
}

/**
 * The toast as the page shows it, its words already in the page's language: any action may set
 * any text, and the browser holds only its page's texts (decision record 0048).
 */
export function flashToast(flash: Flash | null, locale: Locale) {
  if (!flash) return null;
  const message = getT(locale)(flash.key as never, flash.params ?? {}) as string;
  return { kind: flash.kind, id: flash.id, message };
}

/** Copies every Set-Cookie of `from` onto `to`. */
export function appendSetCookies(to: Headers, from: Headers): Headers {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
