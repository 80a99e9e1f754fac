import { consumerProject } from '../../../../scripts/consumer-projects.mjs';
import { packedWorkspacePackages } from '../../../../scripts/packed-packages.mjs';

/**
 * A fresh npm project outside the workspace with the packed SDK alone (its own dependencies and
 * nothing hoisted beside them: a dependency the SDK forgot to declare fails here), the tarball in
 * `packs/medsched-sdk.tgz`. The consumer checks share its npm install, once per test run; each gets
 * a copy of its own to write its files into.
 * @returns the project's directory
 */
export function sdkConsumerProject(): string {
  const manifest = { name: 'sdk-consumer', private: true, version: '1.0.0', dependencies: { '@medsched/sdk': 'file:packs/medsched-sdk.tgz' } };
  return consumerProject({ manifest, packs: packedWorkspacePackages(['@medsched/sdk']), tarballs: ['medsched-sdk.tgz'] });
}
