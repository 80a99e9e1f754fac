/** The CLI's version, from its package.json (bundled): all `medsched --version` loads. */
export { version } from '../package.json';
