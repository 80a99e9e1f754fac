// The cells of the ecosystem suite. A project is one fresh npm project outside the workspace (the
// packed tarball plus what its tools need, from the npm registry); its cells run in it. Every run
// cell loads the SDK its own way and runs scenario.cjs against the same server and fault proxy.
// A cell is `{ label, run(ctx, env), deps?, uses? }`: `deps` added to its project's when the cell
// is chosen, `uses` other projects it needs installed (the Node majors), `ctx.dir` its project.
import { browserProject, bundlerNames } from './cells/browsers.mjs';
import { edgeRuntimeProject, esbuildNodeProject, workerdProject } from './cells/edge-runtimes.mjs';
import { bunProject, denoProject, jestProject, nodeMajorsProject, nodeProject } from './cells/server-runtimes.mjs';
import { typescriptProject, typescriptVersions } from './cells/typescript.mjs';

export { typescriptFloor } from './cells/typescript.mjs';

/** The projects, by name; a cell's name is unique across them. */
export const projects = {
  'node-majors': nodeMajorsProject,
  node: nodeProject,
  jest30: jestProject(30),
  jest29: jestProject(29),
  bun: bunProject,
  deno: denoProject,
  esbuild: esbuildNodeProject,
  workerd: workerdProject,
  'edge-runtime': edgeRuntimeProject,
  ...Object.fromEntries(bundlerNames.map((bundler) => [`browser-${bundler}`, browserProject(bundler)])),
  ...Object.fromEntries(typescriptVersions.map((version) => [`ts${version}`, typescriptProject(version)])),
};

/** Every cell by name, with its project's name. */
export const cells = Object.fromEntries(Object.entries(projects).flatMap(([project, { cells }]) => Object.entries(cells).map(([name, cell]) => [name, { ...cell, project }])));
