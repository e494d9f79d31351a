/** Debian's full Chromium: CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string;
/** The browser the browser tests drive: CHROMIUM_PATH, else Debian's headless shell, else the full browser. */
export function testBrowserPath(): string;
export function ensureChromium(): string;
export function ensureTestBrowser(): string;
