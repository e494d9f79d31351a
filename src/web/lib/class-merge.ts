/**
 * Tailwind class merging for `cn`: a later class replaces an earlier one of the same kind under the same
 * variants (`p-4 p-2` → `p-2`, `px-4 p-2` → `p-2`, `hover:bg-red-50 hover:bg-brand-50` → the latter), as
 * tailwind-merge does, for the utilities this app writes. tailwind-merge knows every Tailwind utility and
 * weighed ≈ 7 KB brotli in every first load; class-merge.test.ts holds this to tailwind-merge's answer for
 * every pair of classes in src/web. Classes it does not know (not Tailwind's, or a utility the app does not
 * use yet) are kept, as tailwind-merge keeps classes that are not Tailwind's.
 */

const COLOR = /^(inherit|current|transparent|black|white|[a-z]+-\d{2,3})(\/\d+)?$|^\[(#|rgb|hsl)/;

/** Which utilities a class's prefix names, by the kind of value it carries. */
type Classify = (value: string) => string | undefined;
const byValue =
  (group: string, rules: [RegExp, string][] = [], fallback?: string): Classify =>
  (value) => {
    for (const [test, name] of rules) if (test.test(value)) return `${group}-${name}`;
    return fallback === undefined ? group : fallback ? `${group}-${fallback}` : undefined;
  };
const side = (group: string): Record<string, Classify> =>
  Object.fromEntries(['', 'x', 'y', 't', 'r', 'b', 'l', 's', 'e'].map((s) => [`${group}${s}`, () => `${group}${s}`]));

const borderRest = byValue('border', [
  [/^\d+$|^\[\d+px\]$/, 'w'],
  [COLOR, 'color'],
  [/^(solid|dashed|dotted|double|hidden|none)$/, 'style'],
  [/^(collapse|separate)$/, 'collapse'],
], '');

/** Prefixes that are each their own group (`w-4` replaces `w-2`, never `h-2`). */
const ownGroups = (...prefixes: string[]): Record<string, Classify> => Object.fromEntries(prefixes.map((prefix) => [prefix, () => prefix]));

const PREFIXES: Record<string, Classify> = {
  ...ownGroups('scroll-mt', 'scroll-mb', 'space-x', 'space-y', 'gap', 'gap-x', 'gap-y', 'w', 'h', 'size', 'min-w',
    'min-h', 'max-w', 'max-h', 'inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'z', 'basis',
    'grow', 'shrink', 'order', 'items', 'justify', 'self', 'content', 'grid-cols', 'grid-flow', 'auto-cols', 'col',
    'leading', 'tracking', 'from', 'to', 'rounded', 'fill', 'opacity', 'overflow', 'overflow-x', 'overflow-y',
    'cursor', 'whitespace', 'break', 'underline-offset', 'line-clamp', 'transition', 'animate', 'rotate',
    'translate-x', 'translate-y', 'object', 'aspect', 'list', 'align', 'float', 'pointer-events', 'select',
    'touch', 'appearance', 'accent', 'backdrop-blur'),
  ...side('p'),
  ...side('m'),
  flex: byValue('flex', [
    [/^(row|col)(-reverse)?$/, 'direction'],
    [/^(wrap|nowrap|wrap-reverse)$/, 'wrap'],
  ]),
  text: byValue('text', [
    [/^(xs|sm|base|lg|\d?xl|\[\d+(px|rem)\])$/, 'size'],
    [/^(left|center|right|justify|start|end)$/, 'align'],
    [COLOR, 'color'],
  ], ''),
  font: byValue('font', [[/^(sans|serif|mono)$/, 'family']], 'weight'),
  // tailwind-merge 3 takes Tailwind 3's `bg-gradient-to-*` for a colour.
  bg: byValue('bg', [
    [COLOR, 'color'],
    [/^gradient-to-/, 'color'],
    [/^(linear-|\[(repeating-)?(linear|radial)-gradient)/, 'image'],
  ], ''),
  border: (value) => (/^[xytrblse](-\d+)?$/.test(value) ? `border-w-${value[0]}` : borderRest(value)),
  divide: (value) => (/^[xy](-\d+)?$/.test(value) ? `divide-${value[0]}` : COLOR.test(value) ? 'divide-color' : undefined),
  shadow: byValue('shadow', [[COLOR, 'color']]),
  ring: byValue('ring', [
    [/^$|^\d+$/, 'w'],
    [/^offset-\d+$/, 'offset-w'],
    [/^offset-/, 'offset-color'],
    [COLOR, 'color'],
  ], ''),
  outline: byValue('outline', [
    [/^$|^\d+$/, 'w'],
    [/^(none|hidden|solid|dashed|dotted|double)$/, 'style'],
    [/^offset-/, 'offset'],
    [COLOR, 'color'],
  ], ''),
  stroke: byValue('stroke', [[/^\d+$/, 'w']], 'color'),
  table: byValue('table', [[/^(auto|fixed)$/, 'layout']], ''),
};

/** Classes that are utilities on their own (no value). */
const WORDS: Record<string, string> = {
  ...Object.fromEntries(['block', 'inline', 'inline-block', 'inline-flex', 'flex', 'grid', 'inline-grid', 'hidden', 'table', 'table-cell', 'table-row', 'contents'].map((w) => [w, 'display'])),
  ...Object.fromEntries(['static', 'fixed', 'absolute', 'relative', 'sticky'].map((w) => [w, 'position'])),
  ...Object.fromEntries(['underline', 'line-through', 'overline', 'no-underline'].map((w) => [w, 'decoration'])),
  ...Object.fromEntries(['uppercase', 'lowercase', 'capitalize', 'normal-case'].map((w) => [w, 'case'])),
  ...Object.fromEntries(['truncate', 'text-ellipsis', 'text-clip'].map((w) => [w, 'text-overflow'])),
  ...Object.fromEntries(['sr-only', 'not-sr-only'].map((w) => [w, 'sr'])),
  italic: 'style',
  'not-italic': 'style',
  'tabular-nums': 'nums',
  grow: 'grow',
  shrink: 'shrink',
  border: 'border-w',
  rounded: 'rounded',
  shadow: 'shadow',
  ring: 'ring-w',
  transition: 'transition',
  'backdrop-blur': 'backdrop-blur',
  outline: 'outline-w',
  filter: 'filter',
};

/** A later class of the key group also replaces earlier classes of these groups. */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  flex: ['basis', 'grow', 'shrink'],
  'line-clamp': ['display', 'overflow'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l', 'border-w-s', 'border-w-e'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'text-size': ['leading'],
};

/** The group a base class (no variants) belongs to, or undefined for a class this does not know. */
function groupOf(base: string): string | undefined {
  // An arbitrary property, `[overflow-wrap:anywhere]`: its property.
  if (base.startsWith('[')) return /^\[([a-z-]+):/.exec(base)?.[1];
  const word = WORDS[base];
  if (word) return word;
  // The longest prefix that names utilities: 'min-w-0' is min-w's, 'inset-x-0' inset-x's.
  for (let end = base.lastIndexOf('-'); end > 0; end = base.lastIndexOf('-', end - 1)) {
    const classify = PREFIXES[base.slice(0, end)];
    if (classify) return classify(base.slice(end + 1));
  }
  return undefined;
}

/** `hover:dark:!-mt-1` → the variants in a stable order with the importance, and the base `mt-1`. */
function parse(token: string): { variants: string; base: string } {
  const parts = token.split(/:(?![^[]*\])/);
  let base = parts.pop()!;
  let important = '';
  if (base.startsWith('!') || base.endsWith('!')) {
    important = '!';
    base = base.replace(/^!|!$/g, '');
  }
  return { variants: parts.sort().join(':') + important, base: base.replace(/^-/, '') };
}

export function mergeClasses(classes: string): string {
  const kept: string[] = [];
  const taken = new Set<string>();
  const tokens = classes.split(/\s+/).filter(Boolean);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    const { variants, base } = parse(token);
    const group = groupOf(base);
    if (group === undefined) {
      kept.push(token);
      continue;
    }
    const key = `${variants}|${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const other of OVERRIDES[group] ?? []) taken.add(`${variants}|${other}`);
    kept.push(token);
  }
  return kept.reverse().join(' ');
}
