// A session's device in words ("Firefox on Linux") from its User-Agent header, for the Profile's and
// the Users screen's session lists. A few well-known names, checked in an order that handles the
// browsers which also claim to be others (Edge and Opera say Chrome, Chrome says Safari).

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Wget\//, 'Wget'],
  [/^python-requests\/|^Python-urllib\//, 'Python'],
  [/^node\b|^undici\b|^node-fetch\//, 'Node.js'],
  [/^Go-http-client\//, 'Go'],
  [/^PowerShell\/|WindowsPowerShell\//, 'PowerShell'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Firefox on Linux", "Safari on iPhone", "curl", or "Unknown device". */
export function describeUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  if (browser !== null && system !== null) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
