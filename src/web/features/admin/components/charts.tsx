/** Hand-drawn SVG charts for the analytics page (no chart library on the admin chunk). */

export interface FunnelStep {
  label: string;
  value: number;
}

/** About how wide a label of `text` is at `fontPx` (digits and % are narrow; a margin covers the rest). */
const labelWidth = (text: string, fontPx: number) => text.length * fontPx * 0.62 + 4;

/**
 * Horizontal bars, each step as a share of the first, with the drop-off from the step before. A value sits
 * inside its bar (white) when the bar has room for it, else just after the bar's end: never across its edge.
 * `data-chart` marks bars and labels for the e2e check that no label overlaps a bar.
 */
export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const top = Math.max(1, steps[0]?.value ?? 0);
  const rowH = 44;
  const width = 640;
  const labelW = 170;
  const barW = width - labelW - 110;
  return (
    <svg viewBox={`0 0 ${width} ${steps.length * rowH}`} className="w-full" role="img" aria-label="Conversion funnel">
      {steps.map((step, i) => {
        const w = Math.max(2, (step.value / top) * barW);
        const prev = i > 0 ? steps[i - 1]!.value : undefined;
        const drop = prev !== undefined && prev > 0 ? Math.round(((prev - step.value) / prev) * 100) : undefined;
        const y = i * rowH;
        return (
          <g key={step.label}>
            <text x={0} y={y + 26} className="fill-slate-700 text-[13px] dark:fill-slate-200" data-chart="label">
              {step.label}
            </text>
            <rect x={labelW} y={y + 8} width={barW} height={26} rx={5} className="fill-slate-100 dark:fill-slate-800" />
            <rect x={labelW} y={y + 8} width={w} height={26} rx={5} className="fill-brand-600" data-chart="bar" />
            {labelWidth(String(step.value), 12) + 16 <= w ? (
              <text x={labelW + 8} y={y + 26} className="fill-white text-[12px] font-semibold" data-chart="label-inside">
                {step.value}
              </text>
            ) : (
              <text x={labelW + w + 6} y={y + 26} className="fill-slate-700 text-[12px] font-semibold dark:fill-slate-200" data-chart="label">
                {step.value}
              </text>
            )}
            {drop !== undefined && (
              <text x={width} y={y + 26} textAnchor="end" className={drop > 0 ? 'fill-red-600 text-[12px]' : 'fill-slate-500 text-[12px]'} data-chart="label">
                {drop > 0 ? `−${drop}%` : '0%'}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export interface DailyPoint {
  date: string;
  visits: number;
  bookings: number;
  revenue: string;
}

/**
 * Visits and bookings as lines, revenue as bars (own scale), one point per day. Each day owns an equal band
 * of the plot and its bar sits in the middle of it, so the first and last bars stay inside the plot and never
 * run under the axis labels on either side.
 */
export function DailyChart({ days }: { days: DailyPoint[] }) {
  const width = 640;
  const height = 200;
  const pad = { left: 34, right: 44, top: 12, bottom: 24 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const count = Math.max(1, days.length);
  const maxCount = Math.max(1, ...days.map((d) => Math.max(d.visits, d.bookings)));
  const maxRevenue = Math.max(1, ...days.map((d) => Number(d.revenue)));
  const band = innerW / count;
  const x = (i: number) => pad.left + band * (i + 0.5);
  const y = (v: number) => pad.top + innerH - (v / maxCount) * innerH;
  const line = (key: 'visits' | 'bookings') => days.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ');
  const barW = Math.max(1, Math.min(18, band - 2));
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-label="Daily visits, bookings and revenue">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={pad.left} x2={width - pad.right} y1={pad.top + innerH * (1 - f)} y2={pad.top + innerH * (1 - f)} className="stroke-slate-200 dark:stroke-slate-700" />
            <text x={pad.left - 6} y={pad.top + innerH * (1 - f) + 4} textAnchor="end" className="fill-slate-500 text-[10px]" data-chart="label">
              {Math.round(maxCount * f)}
            </text>
            <text x={width - pad.right + 6} y={pad.top + innerH * (1 - f) + 4} className="fill-emerald-700 text-[10px]" data-chart="label">
              ${Math.round(maxRevenue * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const h = (Number(d.revenue) / maxRevenue) * innerH;
          return <rect key={d.date} x={x(i) - barW / 2} y={pad.top + innerH - h} width={barW} height={h} className="fill-emerald-200 dark:fill-emerald-900" data-chart="bar" />;
        })}
        <path d={line('visits')} fill="none" strokeWidth={2} className="stroke-brand-600" />
        <path d={line('bookings')} fill="none" strokeWidth={2} strokeDasharray="5 3" className="stroke-amber-500" />
        {days.length <= 31 &&
          days.map((d, i) => (
            <g key={`p${d.date}`}>
              <circle cx={x(i)} cy={y(d.visits)} r={2.5} className="fill-brand-600" />
              <circle cx={x(i)} cy={y(d.bookings)} r={2.5} className="fill-amber-500" />
            </g>
          ))}
        {days.length > 0 && (
          <>
            <text x={x(0)} y={height - 6} textAnchor={days.length > 1 ? 'start' : 'middle'} className="fill-slate-500 text-[10px]" data-chart="label">
              {days[0]!.date}
            </text>
            {days.length > 1 && (
              <text x={x(days.length - 1)} y={height - 6} textAnchor="end" className="fill-slate-500 text-[10px]" data-chart="label">
                {days.at(-1)!.date}
              </text>
            )}
          </>
        )}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-600 dark:text-slate-300">
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-brand-600" /> Visits
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-amber-500" /> Bookings
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 bg-emerald-200" /> Revenue
        </span>
      </figcaption>
    </figure>
  );
}
