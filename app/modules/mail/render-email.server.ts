function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** A plain, readable e-mail in text and HTML from the same parts. */
export function renderEmail(parts: {
  subject: string;
  paragraphs: string[];
  link?: string;
  footer?: string;
}): { subject: string; text: string; html: string } {
  const text = [...parts.paragraphs, parts.link ?? "", parts.footer ?? ""]
    .filter(Boolean)
    .join("\n\n");
  const html = [
    `<div style="font-family:system-ui,sans-serif;line-height:1.5;max-width:560px">`,
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    parts.link ? `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.link)}</a></p>` : "",
    parts.footer ? `<p style="color:#666">${escapeHtml(parts.footer)}</p>` : "",
    `</div>`,
  ].join("");
  return { subject: parts.subject, text, html };
}
