import type { Language } from '../../../shared/domain';
import { toCents } from '../../../shared/money';
import type { BookingJobView, BookingLineView } from '../../../shared/schemas/booking-lines';
import { formatMailMoney, type MailKey, type MailTranslate } from '../../integrations/mail/mail-texts';
import { escapeHtml, type MailBlock } from '../../integrations/mail/templates';

/**
 * A booking's vehicles and lines in an e-mail (docs/decisions/044), in both parts: the same rows the pages show
 * with web/components/job-lines.tsx — each vehicle's heading ("SUV · 2019 Honda CR-V") and its service and add-ons,
 * then the discount, fees and tax, then the total.
 */

interface Row {
  label: string;
  amount: string;
  kind: 'heading' | 'line' | 'extra' | 'total';
}

const EXTRA_WORDS: Partial<Record<BookingLineView['kind'], MailKey>> = { service_fee: 'lines.service_fee', travel_fee: 'lines.travel_fee', tax: 'lines.tax' };

/** A fee line of nothing (a store order pays no service fee) says nothing worth a row. */
const isFreeFee = (line: BookingLineView) => (line.kind === 'service_fee' || line.kind === 'travel_fee') && toCents(line.amount) === 0;

function rowsOf(job: BookingJobView, total: string, language: Language, t: MailTranslate): Row[] {
  const money = (amount: string) => formatMailMoney(language, toCents(amount));
  const rows: Row[] = [];
  for (const vehicle of job.vehicles) {
    const size = t(`lines.size.${vehicle.sizeClass}` as MailKey);
    rows.push({ kind: 'heading', label: vehicle.label ? `${size} · ${vehicle.label}` : size, amount: '' });
    for (const line of vehicle.lines) rows.push({ kind: 'line', label: line.label, amount: money(line.amount) });
  }
  for (const line of job.extras) {
    if (isFreeFee(line)) continue;
    const words = EXTRA_WORDS[line.kind];
    rows.push({ kind: 'extra', label: words ? t(words) : line.label, amount: money(line.amount) });
  }
  rows.push({ kind: 'total', label: t('lines.total'), amount: money(total) });
  return rows;
}

export function renderJobLines(job: BookingJobView, total: string, language: Language, t: MailTranslate): MailBlock {
  const rows = rowsOf(job, total, language, t);
  const width = Math.max(...rows.map((r) => (r.kind === 'line' ? r.label.length + 2 : r.label.length))) + 4;
  const text = rows
    .map((r) => {
      if (r.kind === 'heading') return r.label;
      const label = r.kind === 'line' ? `  ${r.label}` : r.label;
      return `${label.padEnd(width)}${r.amount}`;
    })
    .join('\n');
  const cell = (r: Row) => {
    const style = r.kind === 'heading' ? 'padding-top:8px;font-weight:600' : r.kind === 'total' ? 'border-top:1px solid #cbd5e1;padding-top:6px;font-weight:700' : r.kind === 'line' ? 'padding-left:12px' : 'color:#475569';
    return `<tr><td style="${style}">${escapeHtml(r.label)}</td><td style="${style};text-align:right">${escapeHtml(r.amount)}</td></tr>`;
  };
  const html = `<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0">${rows.map(cell).join('')}</table>`;
  return { text, html };
}
