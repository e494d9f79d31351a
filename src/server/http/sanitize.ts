import { createRequire } from 'node:module';

// xss is CommonJS whose named exports Node's ESM loader cannot see.
const { FilterXSS, safeAttrValue } = createRequire(import.meta.url)('xss') as typeof import('xss');

/** The HTML a service description may keep: text formatting, lists and plain links; no scripts, styles or handlers. */
const filter = new FilterXSS({
  whiteList: {
    p: [], br: [], strong: [], b: [], em: [], i: [], u: [], ul: [], ol: [], li: [],
    h3: [], h4: [], h5: [], span: [], blockquote: [], small: [],
    a: ['href', 'title'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
  safeAttrValue(tag, name, value, cssFilter) {
    if (tag === 'a' && name === 'href' && !/^(https?:|mailto:|tel:|\/)/i.test(value.trim())) return '';
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

export function sanitizeHtml(html: string): string {
  return filter.process(html).trim();
}
