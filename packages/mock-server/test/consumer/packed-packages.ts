// The consumer checks' tarballs and projects, for the mock server's tests and the Jest example:
// projects outside the workspace installed with plain npm, once per run for each package.json, each
// check in a copy of its own (scripts/consumer-projects.mjs).
export { consumerProject as installConsumerProject, type ConsumerProject } from '../../../../scripts/consumer-projects.mjs';
export { packedWorkspacePackages } from '../../../../scripts/packed-packages.mjs';
