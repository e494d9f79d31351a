/** Plain, readable e-mails; every message has a text part and a simple HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A part of a mail written for both parts: its text, and its HTML (already escaped by whoever wrote it). */
export interface MailBlock {
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMail(business: string, subject: string, paragraphs: (string | MailBlock)[], action?: { label: string; url: string }): RenderedMail {
  const text = [...paragraphs.map((p) => (typeof p === 'string' ? p : p.text)), ...(action ? [`${action.label}: ${action.url}`] : []), '', `— ${business}`].join('\n\n');
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#0f172a">`,
    `<h2 style="color:#0369a1">${escapeHtml(business)}</h2>`,
    ...paragraphs.map((p) => (typeof p === 'string' ? `<p>${escapeHtml(p)}</p>` : p.html)),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:#0369a1;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
      : '',
    `</div>`,
  ].join('');
  return { subject, text, html };
}
