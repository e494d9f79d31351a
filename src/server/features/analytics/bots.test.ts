import { describe, expect, it } from 'vitest';
import { isBot } from './bots';
import { truncateIp } from './ip';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('isBot (the stand-in for the isbot package)', () => {
  it('lets ordinary browsers through', () => {
    for (const ua of [CHROME, IPHONE, FIREFOX]) expect(isBot(ua)).toBe(false);
  });

  it('catches crawlers, link previewers, monitors, HTTP libraries and headless browsers', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'UptimeRobot/2.0',
      'WhatsApp/2.23.20.0',
    ]) {
      expect(isBot(ua), ua).toBe(true);
    }
  });

  it('treats a missing user agent as a bot', () => {
    expect(isBot(undefined)).toBe(true);
    expect(isBot('  ')).toBe(true);
  });
});

describe('truncateIp', () => {
  it('keeps the /24 of an IPv4 address, mapped or not', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
  });

  it('keeps the /48 of an IPv6 address, compressed or not', () => {
    expect(truncateIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::');
    expect(truncateIp('2001:0db8:00ab::1')).toBe('2001:db8:ab::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncateIp('::1')).toBe('0:0:0::');
  });

  it('drops what is not an address', () => {
    expect(truncateIp('not an ip')).toBeNull();
    expect(truncateIp(undefined)).toBeNull();
  });
});
