/**
 * @medsched/mock-server/dev-panel: switch the browser mock's scenarios while the app runs under
 * `vite dev`, from the console (`medschedMock`, `medschedMockPanel`) or a small panel. Load it in
 * development only, next to the mock itself:
 *
 * @example
 * if (import.meta.env.MODE === 'development' && new URLSearchParams(location.search).has('mock')) {
 *   const { setupMockWorker } = await import('@medsched/mock-server/browser');
 *   const { installDevPanel } = await import('@medsched/mock-server/dev-panel');
 *   const mock = setupMockWorker({ persist: true });
 *   await mock.start({ quiet: true });
 *   await installDevPanel(mock);
 * }
 */
export { installDevPanel, defaultDevScenarios, rememberedScenarioKey, type DevPanel, type DevPanelOptions, type DevScenario } from './browser/dev-panel.js';
