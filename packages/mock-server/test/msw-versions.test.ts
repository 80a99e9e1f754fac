import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary } from './consumer/node-binary.js';
import { installConsumerProject, packedWorkspacePackages } from './consumer/packed-packages.js';
import { vite8AppManifest } from './consumer/shared-manifests.js';

/**
 * The msw versions we support, at both ends: the oldest 2.x that works (2.10 and older fail with
 * `path.endsWith is not a function`: they lack predicate paths), the newest 2.x, and msw 3 (Node 22).
 * msw 2.15 is probed in the Vite 8 app's install, which has it (one npm install fewer a run); the
 * others in projects of the packed packages and msw alone.
 */
const versions = [
  { msw: '2.11.0', node: 20 },
  { msw: '2.15.0', node: 20 },
  { msw: '3.0.5', node: 22 },
];
const probe = fileURLToPath(new URL('./consumer/msw-probe/probe.cjs', import.meta.url));

describe('the packed mock server with each supported msw', () => {
  let packs: string;
  beforeAll(() => {
    packs = packedWorkspacePackages(['@medsched/sdk', '@medsched/mock-server']);
  }, 120_000);

  describe.each(versions)('msw $msw on Node $node', ({ msw, node }) => {
    let dir: string;
    let nodePath: string;
    beforeAll(() => {
      nodePath = node === 20 ? process.execPath : nodeBinary(node);
      const manifest =
        vite8AppManifest.dependencies.msw === msw
          ? vite8AppManifest
          : { name: 'medsched-msw-probe', private: true, dependencies: { '@medsched/mock-server': 'file:packs/medsched-mock-server.tgz', '@medsched/sdk': 'file:packs/medsched-sdk.tgz', msw } };
      dir = installConsumerProject({ manifest, files: { 'probe.cjs': probe }, packs, tarballs: ['medsched-sdk.tgz', 'medsched-mock-server.tgz'] });
    }, 240_000);

    it.each(['cjs', 'esm'])('answers, fails, isolates, and fails unhandled requests (%s)', { timeout: 60_000 }, (format) => {
      const output = execFileSync(nodePath, [join(dir, 'probe.cjs'), format], { cwd: dir, encoding: 'utf8' });
      const result = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(result).toEqual({
        format,
        mswVersion: msw,
        failBeforeListen: 'not_started',
        closeBeforeListen: 'harmless',
        total: 12,
        failedWith: 503,
        appHandler: { dark: true },
        unhandled: 'rejected',
        unhandledPrinted: true,
        reachedNetworkWhenUnhandled: 0,
        burst: { answered: 40, reachedNetwork: 0 },
        afterReset: { journal: 0, total: 12 },
        isolated: 409,
        bypass: 'from the network',
        otherMsw: { before: 'other_msw', after: 'other_msw', afterClose: 'other_msw' },
      });
    });
  });
});
