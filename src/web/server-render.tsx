// Renders the public pages to HTML at build time with React's own server renderer (decision 061): built by
// Vite as a Node module (scripts/prerender.mjs) and called once per page; no browser involved.
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { PublicConfig } from './lib/public-config';
import { queryClient } from './lib/query-client';
import { App, prepareSignedOutPage } from './app/app';
import { createAppRouter } from './app/router';

/**
 * The HTML inside #root for `url`, signed out, with `config`. A page's own data is never answered (the build
 * has no API): a page that needs it is rendered in its loading state, the frame every visit of it shares.
 */
export async function renderPage(url: string, config: PublicConfig): Promise<string> {
  queryClient.clear();
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await prepareSignedOutPage(router, config);
  return renderToString(<App router={router} />);
}
