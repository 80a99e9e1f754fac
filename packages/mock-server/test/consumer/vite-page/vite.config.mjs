// Top-level await in main.js: build for browsers that have it. The whole mock (the reference
// server's behaviour, zod schemas, msw) is about 800 kB here (Vite 8); apps load it only in
// mock mode (a dynamic import), so Vite's 500 kB advice does not apply to this page.
export default { build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 } };
