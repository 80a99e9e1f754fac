// The package.json of consumer projects that several checks share: npm installs each once per test
// run (scripts/consumer-projects.mjs), where sets that differ by a package or two cost an install
// each (7 to 25 s of CPU). A set here is the union of what its checks need; none of them asserts
// that a package is absent, and checks that do (the Jest example: no reference server, no pdfkit;
// the Vitest app: no Babel) keep projects of their own. The Storybook app keeps its own too: it
// installs with legacy-peer-deps (its .npmrc), and the `storybook build` recipe that shares most
// of its packages runs outside `pnpm test` (test:runners).

const packed = { '@medsched/mock-server': 'file:packs/medsched-mock-server.tgz', '@medsched/sdk': 'file:packs/medsched-sdk.tgz' };

/**
 * A Vite 8 app with msw 2.15, tested with @playwright/test and with Vitest 4 in jsdom: the
 * Playwright consumer app, the Vite build of the browser entry, the Vitest app (which checks that
 * no Babel is installed: nothing here brings it), and the msw 2.15 probe (the probes of the other
 * msw versions stay minimal: a dependency the mock server forgot to declare fails there, whatever
 * Vite, Vitest or Playwright bring here).
 */
export const vite8AppManifest = {
  name: 'medsched-vite8-app',
  private: true,
  type: 'module',
  dependencies: { ...packed, msw: '2.15.0' },
  devDependencies: { '@playwright/test': '1.65.1', '@types/node': '20.19.43', jsdom: '26.1.0', typescript: '5.9.3', vite: '8.3.8', vitest: '4.1.12' },
};
