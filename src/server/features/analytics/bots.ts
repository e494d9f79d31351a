/**
 * A small stand-in for the `isbot` package (not installed here): user agents of crawlers, link
 * previewers, monitors, HTTP libraries and headless or automated browsers. No user agent at all counts
 * as a bot too: every real browser sends one.
 */
const BOT_PATTERN = new RegExp(
  [
    'bot\\b', 'bot/', 'crawl', 'spider', 'slurp', 'archiver', 'facebookexternalhit', 'facebookcatalog', 'embedly', 'quora link preview',
    'whatsapp', 'telegrambot', 'discordbot', 'slackbot', 'skypeuripreview', 'bingpreview', 'mediapartners-google', 'adsbot', 'feedfetcher',
    'googleother', 'google-inspectiontool', 'yandex', 'baiduspider', 'duckduckbot', 'applebot', 'semrush', 'ahrefs', 'mj12bot', 'petalbot',
    'gptbot', 'chatgpt-user', 'ccbot', 'claudebot', 'anthropic-ai', 'bytespider', 'perplexity', 'headlesschrome', 'phantomjs', 'puppeteer',
    'playwright', 'selenium', 'webdriver', 'lighthouse', 'chrome-lighthouse', 'pagespeed', 'gtmetrix', 'pingdom', 'uptimerobot', 'statuscake',
    'site24x7', 'monitor', 'curl/', 'wget/', 'python-requests', 'python-urllib', 'aiohttp', 'httpx', 'go-http-client', 'java/', 'okhttp',
    'apache-httpclient', 'libwww-perl', 'scrapy', 'node-fetch', 'undici', 'axios/', 'postmanruntime', 'insomnia', 'httpie', 'preview',
  ].join('|'),
  'i',
);

export function isBot(userAgent: string | undefined | null): boolean {
  if (!userAgent || !userAgent.trim()) return true;
  return BOT_PATTERN.test(userAgent);
}
