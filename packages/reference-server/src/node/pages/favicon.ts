/**
 * The site's icon: a capsule on the home page's blue, as SVG (every current browser takes SVG
 * icons). Served at `/favicon.svg`, which the home page names, and at `/favicon.ico`, which
 * browsers and tools ask for on their own: without it the first visit logged a failed request.
 */
export const faviconPaths = ['/favicon.svg', '/favicon.ico'] as const;

export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#1f3a5f"/>
<g transform="rotate(-45 16 16)">
<rect x="5" y="11" width="22" height="10" rx="5" fill="#ffffff"/>
<path d="M16 11h6a5 5 0 0 1 0 10h-6z" fill="#cfe3ff"/>
</g>
</svg>
`;
