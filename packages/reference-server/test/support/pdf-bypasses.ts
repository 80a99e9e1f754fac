/**
 * Known ways to smuggle another host past an allow-list of PDF page origins, for the policy's
 * unit test and for the end-to-end test of GET /v1/pdf/. Every one must be refused when the
 * allowed origins are `bypassAppUrl` and `bypassWebUrl`.
 */
export const bypassAppUrl = 'https://app.medsched.test';
export const bypassWebUrl = 'https://www.medsched.test:8443/';

export const pdfUrlBypasses: readonly string[] = [
  'https://app.medsched.test@evil.test/plan', // user info: host is evil.test
  'https://user:pass@app.medsched.test/plan', // user info on the right host
  'https://app.medsched.test%40evil.test/plan', // encoded @
  'https://evil.test#@app.medsched.test/', // fragment trick
  'https://evil.test?@app.medsched.test/', // query trick
  'https://app.medsched.test.evil.test/plan', // look-alike subdomain
  'https://app-medsched.test/plan', // look-alike host
  'https://evilapp.medsched.test/plan', // other subdomain
  'https://medsched.test/plan', // parent domain
  'http://app.medsched.test/plan', // other scheme
  'https://app.medsched.test:8443/plan', // other port
  'https://www.medsched.test/reports', // web_url without its port
  'https://app.medsched.test:443@evil.test/', // port-looking user info
  'https:\\\\evil.test/plan', // backslashes
  'https://app.medsched.test\\@evil.test/', // backslash before @
  'https:/\\evil.test/', // mixed slashes
  'https:evil.test/plan', // missing slashes
  '//app.medsched.test/plan', // protocol-relative
  '/patients/1/plan', // relative path
  'javascript:alert(1)//app.medsched.test', // javascript URL
  'data:text/html,<script>alert(1)</script>', // data URL
  'file:///etc/passwd', // file URL
  'https://127.0.0.1/plan', // IP literal
  'https://2130706433/plan', // decimal IP
  'https://0x7f.0.0.1/plan', // hex IP
  'https://0177.0.0.1/plan', // octal IP
  'https://[::1]/plan', // IPv6 literal
  'https://[::ffff:127.0.0.1]/plan', // IPv4-mapped IPv6
  'https://аpp.medsched.test/plan', // Cyrillic a (IDN homograph)
  'https://xn--pp-8cd.medsched.test/plan', // punycode look-alike
  'https://app.medsched.test./plan', // trailing dot
  'https://app%2emedsched%2etest/plan', // encoded dots
  ' https://app.medsched.test/plan', // leading space
  'https://app.medsched.test/plan\n.evil.test', // newline
  'https://app.medsched.test\t/plan', // tab in host
  'HTTPS://evil.test/plan', // other host, upper-case scheme
  'https://app.medsched.test:0443/plan', // padded port
  'https://evil.test/https://app.medsched.test/', // allowed URL in the path
  'ftp://app.medsched.test/plan', // other protocol
  'https://app.medsched.test:65536/plan', // invalid port
  '', // empty
];
